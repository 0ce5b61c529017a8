import type { ErrorDefinition } from '../types';

/** Codes the API frame itself answers with: unknown failures, parameters, not found, protocol. */
export const coreErrors = {
  SERVER_UNKNOWN_ERROR: {
    status: 500,
    title: 'Error',
    messages: {
      'en-US': 'Service error. Try again later.',
      'zh-CN': '服务异常，请稍后再试。',
      'zh-HK': '服務異常，請稍後再試。',
    },
  },
  PARAMS_REQUIRED_ERROR: {
    status: 400,
    title: 'Error',
    messages: {
      'en-US': '{field} is required.',
      'zh-CN': '{field}不能为空。',
      'zh-HK': '{field}不能為空。',
    },
  },
  PARAMS_NOT_ALLOWED_ERROR: {
    status: 400,
    title: 'Error',
    messages: {
      'en-US': '{field} is not allowed.',
      'zh-CN': '不允许提交{field}。',
      'zh-HK': '不允許提交{field}。',
    },
  },
  PARAMS_INVALID_ERROR: {
    status: 400,
    title: 'Error',
    messages: {
      'en-US': '{field} is invalid.',
      'zh-CN': '{field}无效。',
      'zh-HK': '{field}無效。',
    },
  },
  RESOURCE_EXISTS_ERROR: {
    status: 400,
    title: 'Error',
    messages: {
      'en-US': 'This {resource} already exists.',
      'zh-CN': '该{resource}已存在。',
      'zh-HK': '該{resource}已存在。',
    },
  },
  REQUEST_BODY_TOO_LARGE_ERROR: {
    status: 413,
    title: 'Error',
    messages: {
      'en-US': 'The request is too large.',
      'zh-CN': '请求内容过大。',
      'zh-HK': '請求內容過大。',
    },
  },
  ROUTE_NOT_FOUND_ERROR: {
    status: 404,
    title: 'Error',
    messages: {
      'en-US': 'The requested API does not exist.',
      'zh-CN': '请求的接口不存在。',
      'zh-HK': '請求的介面不存在。',
    },
  },
  CSRF_TOKEN_ERROR: {
    status: 403,
    title: 'Alert',
    messages: {
      'en-US': 'The page is out of date. Refresh it and try again.',
      'zh-CN': '页面已过期，请刷新后重试。',
      'zh-HK': '頁面已過期，請重新整理後再試。',
    },
  },
  TOO_MANY_REQUESTS_ERROR: {
    status: 429,
    title: 'Alert',
    messages: {
      'en-US': 'Too many requests. Try again later.',
      'zh-CN': '请求过于频繁，请稍后再试。',
      'zh-HK': '請求過於頻繁，請稍後再試。',
    },
  },
  SERVICE_UNAVAILABLE_ERROR: {
    status: 503,
    title: 'Alert',
    messages: {
      'en-US': 'The service is not ready. Try again shortly.',
      'zh-CN': '服务尚未就绪，请稍后再试。',
      'zh-HK': '服務尚未就緒，請稍後再試。',
    },
  },
  UCS_USER_AUTHENTICATION: {
    status: 401,
    title: 'Alert',
    messages: {
      'en-US': 'Your login has expired. Please log in again.',
      'zh-CN': '登录已失效，请重新登录。',
      'zh-HK': '登入已失效，請重新登入。',
    },
  },
} satisfies Record<string, ErrorDefinition>;
