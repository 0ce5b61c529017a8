import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../languages';
import { PASSWORD_RULE, isValidEmail } from '../limits';

/** Field rules shared by server validation and web forms. The message is the catalogue code. */

/** A NUL character or a UTF-16 surrogate without its pair: text PostgreSQL cannot store. */
const UNSTORABLE_TEXT = /\0|\p{Cs}/u;
export const isStorableText = (value: string): boolean => !UNSTORABLE_TEXT.test(value);

/**
 * Every text field of a request (body, query string, form data) starts here: `z.string()` that
 * refuses what the database cannot store with PARAMS_INVALID_ERROR naming the field, before any
 * other rule of the field (so that is the first problem reported).
 */
export const text = () => z.string().refine(isStorableText, 'PARAMS_INVALID_ERROR');

export const emailField = text()
  .trim()
  .max(254, 'INVALID_EMAIL_ERROR')
  .refine(isValidEmail, 'INVALID_EMAIL_ERROR')
  .transform((value) => value.toLowerCase());

/** 8+ characters with upper case, lower case, digit and a symbol (§5). */
export const passwordField = text().regex(PASSWORD_RULE, 'PASSWORD_VALIDATION_ERROR');

export const sixDigitCode = text().regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR');
export const languageField = z.enum(SUPPORTED_LANGUAGES);

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});

export const pagination = z.object({ page: z.number(), page_size: z.number(), total: z.number() });
