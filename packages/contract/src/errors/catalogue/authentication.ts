import { defineError } from '../define';
import type { ErrorDefinition } from '../types';

/**
 * 401 authentication group of §8. AUTHENTICATION_ERROR travels as UCS_USER_AUTHENTICATION
 * (in core.ts) and PASSWORD_MISTAKE_ERROR travels as UCS_USER_PASSWORD_MISTAKE (§4 Login).
 */
export const authenticationErrors = {
  UCS_USER_PASSWORD_MISTAKE: defineError(401, 'Alert', {
    'en-US': 'Incorrect e-mail or password.',
    'zh-CN': '邮箱或密码错误。',
    'zh-HK': '電郵或密碼不正確。',
  }),
  LOGIN_EXPIRED_ERROR: defineError(401, 'Alert', {
    'en-US': 'Your session has expired. Please log in again.',
    'zh-CN': '会话已过期，请重新登录。',
    'zh-HK': '登入階段已逾時，請重新登入。',
  }),
  ORG_AUTHENTICATION_ERROR: defineError(401, 'Alert', {
    'en-US': 'Please enter a space first.',
    'zh-CN': '请先进入一个空间。',
    'zh-HK': '請先進入一個空間。',
  }),
  GOOGLE_AUTHENTICATION_ERROR: defineError(401, 'Alert', {
    'en-US': 'Please verify with your authenticator app first.',
    'zh-CN': '请先完成身份验证器验证。',
    'zh-HK': '請先完成驗證器應用程式驗證。',
  }),
  EMAIL_AUTHENTICATION_ERROR: defineError(401, 'Alert', {
    'en-US': 'Please verify your e-mail first.',
    'zh-CN': '请先完成邮箱验证。',
    'zh-HK': '請先完成電郵驗證。',
  }),
  EMAIL_GOOGLE_AUTHENTICATION_ERROR: defineError(401, 'Alert', {
    'en-US': 'Please verify with your authenticator app and your e-mail first.',
    'zh-CN': '请先完成身份验证器和邮箱验证。',
    'zh-HK': '請先完成驗證器應用程式及電郵驗證。',
  }),
  AUTHENTICATION_CODE_ERROR: defineError(401, 'Alert', {
    'en-US': 'The verification code is wrong or has expired.',
    'zh-CN': '验证码错误或已过期。',
    'zh-HK': '驗證碼不正確或已過期。',
  }),
  AUTHENTICATION_ATTEMPTS_EXCEEDED_ERROR: defineError(401, 'Alert', {
    'en-US': 'Too many wrong codes. Please log in again.',
    'zh-CN': '验证码错误次数过多，请重新登录。',
    'zh-HK': '驗證碼錯誤次數過多，請重新登入。',
  }),
  CAPTCHA_REQUIRED_ERROR: defineError(401, 'Alert', {
    'en-US': 'Please enter the image code first.',
    'zh-CN': '请先输入图形验证码。',
    'zh-HK': '請先輸入圖形驗證碼。',
  }),
  CAPTCHA_CODE_ERROR: defineError(401, 'Alert', {
    'en-US': 'The image code is incorrect. Please try again.',
    'zh-CN': '图形验证码错误，请重新输入。',
    'zh-HK': '圖形驗證碼不正確，請重新輸入。',
  }),
  CAPTCHA_EXPIRED_ERROR: defineError(401, 'Alert', {
    'en-US': 'The image code has expired. Click the picture to get a new one.',
    'zh-CN': '图形验证码已过期，请点击图片刷新。',
    'zh-HK': '圖形驗證碼已過期，請點擊圖片重新整理。',
  }),
  CAPTCHA_REUSE_ERROR: defineError(401, 'Alert', {
    'en-US': 'This image code has already been used. Please get a new one.',
    'zh-CN': '该图形验证码已被使用，请重新获取。',
    'zh-HK': '此圖形驗證碼已被使用，請重新取得。',
  }),
  OTHER_DEVICE_LOGIN_ERROR: defineError(401, 'Alert', {
    'en-US': 'Your account has logged in on another device. Please log in again.',
    'zh-CN': '您的账号已在其他设备登录，请重新登录。',
    'zh-HK': '你的帳戶已在其他裝置登入，請重新登入。',
  }),
  PLATFORM_API_KEY_ERROR: defineError(401, 'Alert', {
    'en-US': 'The API key is invalid.',
    'zh-CN': 'API Key 无效。',
    'zh-HK': 'API Key 無效。',
  }),
  PLATFORM_API_KEY_PAUSED_ERROR: defineError(401, 'Alert', {
    'en-US': 'This API key is paused.',
    'zh-CN': '该 API Key 已暂停使用。',
    'zh-HK': '此 API Key 已暫停使用。',
  }),
  PLATFORM_API_TIMESTAMP_ERROR: defineError(401, 'Alert', {
    'en-US': 'The request timestamp is missing or outside the allowed window.',
    'zh-CN': '请求时间戳缺失或超出允许范围。',
    'zh-HK': '請求時間戳缺失或超出容許範圍。',
  }),
  PLATFORM_API_SIGNATURE_ERROR: defineError(401, 'Alert', {
    'en-US': 'The request signature is invalid.',
    'zh-CN': '请求签名校验失败。',
    'zh-HK': '請求簽名驗證失敗。',
  }),
  PLATFORM_API_NONCE_ERROR: defineError(401, 'Alert', {
    'en-US': 'The request nonce is missing, malformed or was already used.',
    'zh-CN': '请求随机数缺失、格式错误或已被使用。',
    'zh-HK': '請求隨機數缺失、格式錯誤或已被使用。',
  }),
  PLATFORM_API_IP_ERROR: defineError(401, 'Alert', {
    'en-US': "The request's IP address is not on this API key's whitelist.",
    'zh-CN': '请求的 IP 地址不在该 API Key 的白名单中。',
    'zh-HK': '請求的 IP 位址不在此 API Key 的白名單中。',
  }),
} satisfies Record<string, ErrorDefinition>;

/** 429 group of §8. */
export const rateLimitErrors = {
  CAPTCHA_TOO_FREQUENT_ERROR: defineError(429, 'Alert', {
    'en-US': 'Requests are too frequent. Please try again later.',
    'zh-CN': '操作过于频繁，请稍后再试。',
    'zh-HK': '操作過於頻繁，請稍後再試。',
  }),
  EMAIL_CODE_TOO_FREQUENT_ERROR: defineError(429, 'Alert', {
    'en-US': 'A code was sent recently. Please wait before requesting another.',
    'zh-CN': '验证码刚刚已发送，请稍后再重新获取。',
    'zh-HK': '驗證碼剛剛已發送，請稍後再重新索取。',
  }),
} satisfies Record<string, ErrorDefinition>;
