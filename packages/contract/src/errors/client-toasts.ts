import { defineClientMessage as m, type ClientMessage } from './client-message-define';

/** Success toasts of §8 (login, register, create, import, modify, delete, sign, … and others). */
export const successMessages = {
  login_success: m('success', 'Logged in.', '登录成功。', '登入成功。'),
  register_success: m('success', 'Registered.', '注册成功。', '註冊成功。'),
  create_success: m('success', 'Created.', '创建成功。', '建立成功。'),
  import_success: m('success', 'Imported.', '导入成功。', '匯入成功。'),
  modify_success: m('success', 'Saved.', '保存成功。', '儲存成功。'),
  delete_success: m('success', 'Deleted.', '删除成功。', '刪除成功。'),
  sign_success: m('success', 'Signed.', '签名成功。', '簽名成功。'),
  broadcast_success: m('success', 'Broadcast.', '广播成功。', '廣播成功。'),
  approve_success: m('success', 'Approved.', '审批通过。', '已批准。'),
  refuse_success: m('success', 'Rejected.', '已拒绝。', '已拒絕。'),
  revoke_success: m('success', 'Revoked.', '撤销成功。', '撤銷成功。'),
  switch_success: m('success', 'Switched space.', '空间切换成功。', '空間切換成功。'),
  copy_success: m('success', 'Copied.', '复制成功。', '複製成功。'),
  send_code_success: m('success', 'Verification code sent.', '验证码已发送。', '驗證碼已發送。'),
} satisfies Record<string, ClientMessage>;

/** Form messages of §5/§8: the templated rules (required, max, min, range, length) and named keys. */
export const formMessages = {
  form_required: m('error', '{field} is required.', '请输入{field}。', '請輸入{field}。'),
  form_max: m(
    'error',
    '{field} must be at most {max}.',
    '{field}不能超过 {max}。',
    '{field}不可超過 {max}。',
  ),
  form_min: m(
    'error',
    '{field} must be at least {min}.',
    '{field}不能少于 {min}。',
    '{field}不可少於 {min}。',
  ),
  form_range: m(
    'error',
    '{field} must be between {min} and {max}.',
    '{field}须在 {min} 至 {max} 之间。',
    '{field}須介乎 {min} 至 {max}。',
  ),
  form_length: m(
    'error',
    '{field} must be {len} characters.',
    '{field}须为 {len} 个字符。',
    '{field}須為 {len} 個字元。',
  ),
  email_required: m('error', 'Please enter your e-mail.', '请输入邮箱。', '請輸入電郵。'),
  email_format: m(
    'error',
    'Please enter a valid e-mail address.',
    '请输入有效的邮箱地址。',
    '請輸入有效的電郵地址。',
  ),
  password_required: m('error', 'Please enter your password.', '请输入密码。', '請輸入密碼。'),
  verify_code_length: m('error', 'The code must be 6 characters.', '验证码须为 6 位。', '驗證碼須為 6 位。'),
} satisfies Record<string, ClientMessage>;
