import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../languages';
import { PASSWORD_RULE, isValidEmail } from '../limits';

/** Field rules shared by server validation and web forms. The message is the catalogue code. */

export const emailField = z
  .string()
  .trim()
  .max(254, 'INVALID_EMAIL_ERROR')
  .refine(isValidEmail, 'INVALID_EMAIL_ERROR')
  .transform((value) => value.toLowerCase());

/** 8+ characters with upper case, lower case, digit and a symbol (§5). */
export const passwordField = z.string().regex(PASSWORD_RULE, 'PASSWORD_VALIDATION_ERROR');

export const sixDigitCode = z.string().regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR');
export const languageField = z.enum(SUPPORTED_LANGUAGES);

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

export const pagination = z.object({ page: z.number(), page_size: z.number(), total: z.number() });
