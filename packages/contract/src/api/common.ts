import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../languages';

/** Field rules shared by server validation and web forms. The message is the catalogue code. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const emailField = z
  .string()
  .trim()
  .max(254, 'INVALID_EMAIL_ERROR')
  .regex(EMAIL_PATTERN, 'INVALID_EMAIL_ERROR')
  .transform((value) => value.toLowerCase());

/** 8+ characters with upper case, lower case, digit and a symbol (§5). */
export const passwordField = z
  .string()
  .max(128, 'PASSWORD_VALIDATION_ERROR')
  .refine(
    (value) => value.length >= 8 && /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value),
    'PASSWORD_VALIDATION_ERROR',
  );

export const sixDigitCode = z.string().regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR');
export const languageField = z.enum(SUPPORTED_LANGUAGES);

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

export const pagination = z.object({ page: z.number(), page_size: z.number(), total: z.number() });
