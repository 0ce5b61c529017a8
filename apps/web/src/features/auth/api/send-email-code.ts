import { useMutation } from '@tanstack/react-query';
import type { SendEmailCodeReply } from '@keystead/contract/api/auth';
import type { SendCodeCategory as SendCodePurpose } from '@keystead/contract/enums';
import { api, V1 } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

export type { SendCodePurpose };

export const sendEmailCode = (body: {
  category: SendCodePurpose;
  email?: string;
  org_invite_token?: string;
}) =>
  api.post<SendEmailCodeReply>(`${V1}/email-code`, {
    ...body,
    language_code: currentLanguage(),
  });

export const useSendEmailCode = () => useMutation({ mutationFn: sendEmailCode });
