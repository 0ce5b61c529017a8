import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Same e-mail shape the server accepts (packages/contract api/common). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const PASSWORD_CHECKS = {
  length: (value: string) => value.length >= 8,
  upper: (value: string) => /[A-Z]/.test(value),
  lower: (value: string) => /[a-z]/.test(value),
  digit: (value: string) => /\d/.test(value),
  symbol: (value: string) => /[^A-Za-z0-9]/.test(value),
} as const;
export type PasswordCheck = keyof typeof PASSWORD_CHECKS;

export function isStrongPassword(value: string): boolean {
  return Object.values(PASSWORD_CHECKS).every((check) => check(value)) && value.length <= 128;
}

/** antd form rules for the fields of §5, messages translated. */
export function rules(t: TFunction) {
  return {
    email: [
      { required: true, whitespace: true, message: t('common:validation.emailRequiredError') },
      { pattern: EMAIL_PATTERN, message: t('common:validation.emailFormatError') },
    ] satisfies Rule[],
    loginPassword: [
      { required: true, message: t('common:validation.passwordRequiredError') },
    ] satisfies Rule[],
    newPassword: [
      { required: true, message: t('common:validation.passwordRequiredError') },
      {
        validator: (_rule, value: string | undefined) =>
          !value || isStrongPassword(value)
            ? Promise.resolve()
            : Promise.reject(new Error(t('common:validation.passwordFormatError'))),
      },
    ] satisfies Rule[],
    confirmPassword: (field = 'password'): Rule[] => [
      { required: true, message: t('common:validation.confirmPasswordRequired') },
      ({ getFieldValue }) => ({
        validator: (_rule, value: string | undefined) =>
          !value || value === getFieldValue(field)
            ? Promise.resolve()
            : Promise.reject(new Error(t('common:validation.passwordMismatch'))),
      }),
    ],
    emailCode: [
      { required: true, message: t('common:validation.verifyCodeRequired') },
      { len: 6, message: t('common:validation.verifyCodeLengthError') },
    ] satisfies Rule[],
    mfaCode: [
      { required: true, message: t('common:validation.mfaCodeError') },
      { pattern: /^\d{6}$/, message: t('common:validation.mfaCodeError') },
    ] satisfies Rule[],
    inviteCode: [
      { required: true, whitespace: true, message: t('common:validation.inviteCodeRequired') },
      { len: 16, message: t('common:validation.inviteCodeLength') },
    ] satisfies Rule[],
  };
}

/** §5: text inputs drop leading spaces as they are typed. */
export const trimStart = (event: { target: { value: string } }) => event.target.value.replace(/^\s+/, '');
