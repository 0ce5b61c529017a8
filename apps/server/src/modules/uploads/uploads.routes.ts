import { z } from 'zod';
import type { AppInstance } from '../../app';
import { fileReplies } from '../../lib/replies';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/session';
import { SIGNED_IN as USER } from '../../plugins/access-rules';
import { findUpload } from './upload-repository';

/** Serves stored images to signed-in users (avatars and space logos are not secrets, but not public either). */
export async function uploadsRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/uploads/:id',
    {
      config: { access: USER },
      schema: {
        response: fileReplies('image/*', 'The stored image (PNG, JPEG, GIF or WebP)'),
        tags: ['files'],
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      requireUser(request);
      const row = await findUpload(ctx, request.params.id);
      if (!row) return reply.fail('DATA_MISSING_ERROR');
      return reply
        .type(row.mime)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(row.content));
    },
  );
}
