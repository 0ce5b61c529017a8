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
import { userCommandContext } from '../../lib/command-context';
import { readFormWithImage } from '../../lib/image-form';
import { requireUser } from '../../plugins/session';
import { editProfile, setEmailNotifications, setLanguage } from './profile-commands';
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
      const actor = userCommandContext(request);
      const { fields, image: avatar } = await readFormWithImage(
        request,
        updateBaseInfoBody.strict(),
        'avatar',
      );
      const updated = await editProfile(ctx, actor, { fields, avatar });
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
      await setLanguage(ctx, userCommandContext(request), request.body.code);
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
      await setEmailNotifications(ctx, userCommandContext(request), request.body);
      return reply.ok(request.body);
    },
  );
}
