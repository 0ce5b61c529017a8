import {
  antiPhishingBody,
  changeEmailBody,
  changePasswordBody,
  forceLogoutBody,
  mfaChangeBody,
  mfaInfoReply,
  doneReply,
  changeEmailReply,
  forceLogoutReply,
  loginHistoryReply,
  mfaChangeReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { sessionCommandContext, userCommandContext } from '../../lib/command-context';
import { setSessionCookie } from '../auth/session.service';
import { SIGNED_IN as USER } from '../../plugins/access-rules';
import {
  changeEmail,
  changePassword,
  changeSecondFactor,
  forceLogout,
  loginHistory,
  mfaInfo,
  setAntiPhishingCode,
} from './security-commands';

const tags = ['user'];

export async function securityRoutes(app: AppInstance, ctx: AppContext) {
  const secure = ctx.config.secureCookies;

  /** While no authenticator is bound, returns a pending secret (kept encrypted) to scan. */
  app.get(
    '/user/mfa-info',
    {
      config: { access: USER },
      schema: { response: replies(mfaInfoReply), tags, summary: 'Authenticator status, or a secret to bind' },
    },
    async (request, reply) => reply.ok(await mfaInfo(ctx, userCommandContext(request))),
  );

  app.post(
    '/user/mfa-info',
    {
      config: { access: USER },
      schema: {
        response: replies(mfaChangeReply),
        tags,
        body: mfaChangeBody,
        summary: 'Bind or reset the authenticator',
      },
    },
    async (request, reply) => {
      const { token, bound } = await changeSecondFactor(ctx, sessionCommandContext(request), request.body);
      setSessionCookie(reply, token, { secure });
      return reply.ok({ bound });
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: USER },
      schema: {
        response: replies(doneReply),
        tags,
        body: changePasswordBody,
        summary: 'Change the password (signed in)',
      },
    },
    async (request, reply) => {
      const token = await changePassword(ctx, sessionCommandContext(request), request.body);
      setSessionCookie(reply, token, { secure });
      return reply.ok({});
    },
  );

  app.post(
    '/user/email',
    {
      config: { access: USER },
      schema: {
        response: replies(changeEmailReply),
        tags,
        body: changeEmailBody,
        summary: 'Change the e-mail with codes to the old and the new address',
      },
    },
    async (request, reply) => reply.ok(await changeEmail(ctx, userCommandContext(request), request.body)),
  );

  app.post(
    '/user/anti-fishing-code',
    {
      config: { access: USER },
      schema: {
        response: replies(doneReply),
        tags,
        body: antiPhishingBody,
        summary: 'Set the anti-phishing code shown in every mail',
      },
    },
    async (request, reply) => {
      await setAntiPhishingCode(ctx, userCommandContext(request), request.body);
      return reply.ok({});
    },
  );

  app.get(
    '/user/login-history',
    {
      config: { access: USER },
      schema: { response: replies(loginHistoryReply), tags, summary: 'The last 10 sign-ins' },
    },
    async (request, reply) => reply.ok(await loginHistory(ctx, sessionCommandContext(request))),
  );

  app.post(
    '/user/force-logout',
    {
      config: { access: USER },
      schema: {
        response: replies(forceLogoutReply),
        tags,
        body: forceLogoutBody,
        summary: 'Sign out another session, or all others',
      },
    },
    async (request, reply) =>
      reply.ok(await forceLogout(ctx, sessionCommandContext(request), request.body.session_id)),
  );
}
