/**
 * antd's Input without TextArea, Search and OTP: importing `Input` from 'antd' drags all of them
 * into the sign-in screen's first download.
 */
export { default as TextInput } from 'antd/es/input/Input';
export { default as PasswordField } from 'antd/es/input/Password';
export type { InputRef } from 'antd/es/input/Input';
