import { isApiError } from '@/lib/api-client';
import type { RecoveryField } from '../../timelock-recovery';

const FIELDS = new Set(['xpub', 'fingerprint', 'path', 'blocks']);

/**
 * The recovery field a create refusal is about, or null when it is about something else: a bad
 * key part (`data.field`), a bad delay, the key being one of the signers, a chain without it.
 */
function recoveryFieldOf(error: unknown): RecoveryField | null {
  if (!isApiError(error) || error.isNetwork) return null;
  if (error.code === 'WALLET_RECOVERY_UNSUPPORTED_ERROR') return 'section';
  const data = (error.data ?? {}) as { field?: unknown; reason?: unknown };
  if (data.reason === 'wallet_duplicate_key') return 'xpub';
  return typeof data.field === 'string' && FIELDS.has(data.field) ? (data.field as RecoveryField) : null;
}

/**
 * A create refusal placed on its recovery field, in words for that field: the server words a
 * duplicate key as a problem of "signers", which is not where the reader looks.
 */
export function recoveryRefusal(
  error: unknown,
  t: (key: string) => string,
): { field: RecoveryField; message: string } | null {
  const field = recoveryFieldOf(error);
  if (!field || !isApiError(error)) return null;
  const duplicate = (error.data as { reason?: unknown } | null)?.reason === 'wallet_duplicate_key';
  return { field, message: duplicate ? t('create.recovery.duplicateKey') : error.message };
}
