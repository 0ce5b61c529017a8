import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error';
import { parseOrThrow } from './validation';
import { MAX_IMAGE_BYTES } from '../modules/uploads/image-upload';

/**
 * Reads an edit form sent as JSON, or as multipart form data with one image file under
 * `fileField` (avatar, logo). Fields are validated with the same schema either way.
 */
export async function readFormWithImage<T extends z.ZodType>(
  request: FastifyRequest,
  schema: T,
  fileField: string,
): Promise<{ fields: z.infer<T>; image: Buffer | null }> {
  if (!request.isMultipart()) return { fields: parseOrThrow(schema, request.body ?? {}), image: null };
  const raw: Record<string, string> = {};
  let image: Buffer | null = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField)
        throw new AppError('PARAMS_NOT_ALLOWED_ERROR', { field: part.fieldname });
      image = await part.toBuffer();
      if (part.file.truncated) throw new AppError('AVATAR_FORMAT_ERROR');
    } else {
      raw[part.fieldname] = String(part.value);
    }
  }
  return { fields: parseOrThrow(schema, raw), image };
}
