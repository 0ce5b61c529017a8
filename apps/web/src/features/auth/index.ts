/** What other parts of the app may use from the auth feature. */
export { RegisterCard, type RegisterCardProps } from './components/register-card';
export { logout } from './api/logout';
export { sendEmailCode, type SendCodePurpose } from './api/send-email-code';
