import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Recognises the allowed image types by their first bytes, never by the file name (§5). */
export function sniffImageType(bytes: Uint8Array): string | null {
  const startsWith = (...sig: number[]) => sig.every((value, i) => bytes[i] === value);
  if (startsWith(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (startsWith(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (startsWith(0x42, 0x4d)) return 'image/bmp';
  return null;
}

/** Stores a checked image and returns its id (served at /api/v1/uploads/:id). */
export async function storeImage(
  trx: Kysely<Database>,
  bytes: Uint8Array,
  ownerUserId: number,
): Promise<string> {
  if (bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) throw new AppError('AVATAR_FORMAT_ERROR');
  const mime = sniffImageType(bytes);
  if (!mime) throw new AppError('AVATAR_FORMAT_ERROR');
  const id = randomUUID();
  await trx
    .insertInto('uploads')
    .values({ id, owner_user_id: ownerUserId, mime, size_bytes: bytes.length, content: bytes })
    .execute();
  return id;
}

export function uploadUrl(id: string | null): string | null {
  return id ? `/api/v1/uploads/${id}` : null;
}
