import { isLanguage, type UserBaseInfo } from '@keystead/contract';
import type { User } from '../../db/schema';
import { uploadUrl } from '../uploads/image-upload';

export function presentUser(user: User): UserBaseInfo {
  return {
    user_id: user.id,
    email: user.email,
    nickname: user.nickname,
    company: user.company,
    avatar_url: uploadUrl(user.avatar_upload_id),
    language_code: isLanguage(user.language_code) ? user.language_code : 'en-US',
    currency: user.currency,
    mfa_bound: Boolean(user.totp_secret_enc),
    anti_phishing_code: user.anti_phishing_code,
    created_at: user.created_at.toISOString(),
  };
}
