import { envelopeOf, errorEnvelope } from '@keystead/contract';
import { z } from 'zod';

/**
 * A route's `schema.response`: its data in the OK envelope, and the catalogue envelope for refusals
 * and failures. /api/docs documents them; tests check every reply against them (plugins/reply-serializer).
 */
export function replies<T extends z.ZodType>(data: T) {
  return { 200: envelopeOf(data), '4xx': errorEnvelope, '5xx': errorEnvelope };
}

/**
 * A route whose 200 reply is not JSON (an image, a CSV download, an event stream): documented by
 * its content type. Fastify sends such bodies as they are; refusals stay in the catalogue envelope.
 */
export function fileReplies(contentType: string, description: string) {
  return {
    200: {
      description,
      content: { [contentType]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
    },
    '4xx': errorEnvelope,
    '5xx': errorEnvelope,
  };
}
