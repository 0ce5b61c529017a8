import {
  emailNotifications,
  setLanguageBody,
  updateBaseInfoBody,
  userBaseInfo,
  setLanguageReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import type { UserUpdate } from '../../db/schema';
import { readFormWithImage } from '../../lib/image-form';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { storeImage } from '../uploads/image-upload';
import { presentUser } from './user-presenter';
import { SIGNED_IN as USER } from '../../plugins/access-rules';

const tags = ['user'];

export async function profileRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/user/base-info',
    {
      config: { access: USER },
      schema: { response: replies(userBaseInfo), tags, summary: 'The signed-in user' },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      return reply.ok(userBaseInfo.parse(presentUser(user)));
    },
  );

  app.patch(
    '/user/base-info',
    {
      config: { access: USER },
      schema: {
        response: replies(userBaseInfo),
        tags,
        summary: 'Edit nickname, company, currency, language, avatar (JSON or form data)',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { fields, image: avatar } = await readFormWithImage(
        request,
        updateBaseInfoBody.strict(),
        'avatar',
      );
      const updated = await ctx.db.transaction().execute(async (trx) => {
        const changes: UserUpdate = { ...fields, updated_at: new Date() };
        if (avatar) changes.avatar_upload_id = await storeImage(trx, avatar, user.id);
        const row = await trx
          .updateTable('users')
          .set(changes)
          .where('id', '=', user.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          organizationId: null,
          userId: user.id,
          type: 'account',
          operation: 'profile_update',
          ip: request.ip,
          content: { fields: Object.keys(fields), avatar: Boolean(avatar) },
        });
        return row;
      });
      return reply.ok(userBaseInfo.parse(presentUser(updated)));
    },
  );

  app.post(
    '/language',
    {
      config: { access: USER },
      schema: {
        response: replies(setLanguageReply),
        tags,
        body: setLanguageBody,
        summary: "Save the signed-in user's language",
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      await ctx.db
        .updateTable('users')
        .set({ language_code: request.body.code, updated_at: new Date() })
        .where('id', '=', user.id)
        .execute();
      return reply.ok({ code: request.body.code });
    },
  );

  app.get(
    '/user-profile/email-notifications',
    { config: { access: USER }, schema: { response: replies(emailNotifications), tags } },
    async (request, reply) => {
      const { user } = requireUser(request);
      return reply.ok({ space: user.notify_space, wallet: user.notify_wallet, task: user.notify_task });
    },
  );

  app.put(
    '/user-profile/email-notifications',
    {
      config: { access: USER },
      schema: { response: replies(emailNotifications), tags, body: emailNotifications },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { space, wallet, task } = request.body;
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ notify_space: space, notify_wallet: wallet, notify_task: task })
          .where('id', '=', user.id)
          .execute();
        await writeAudit(trx, {
          organizationId: null,
          userId: user.id,
          type: 'account',
          operation: 'notification_settings',
          ip: request.ip,
          content: request.body,
        });
      });
      return reply.ok(request.body);
    },
  );
}
