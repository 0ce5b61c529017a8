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
  forceLogout,
  loginHistory,
  setAntiPhishingCode,
} from './security-commands';
import { changeSecondFactor, mfaInfo, mfaPendingSecret } from './second-factor-change';

const tags = ['user'];

export async function securityRoutes(app: AppInstance, ctx: AppContext) {
  const secure = ctx.config.secureCookies;

  /** Reads only: the authenticator's status and the pending secret, if one was drawn already. */
  app.get(
    '/user/mfa-info',
    {
      config: { access: USER },
      schema: { response: replies(mfaInfoReply), tags, summary: 'Authenticator status (reads only)' },
    },
    async (request, reply) => reply.ok(await mfaInfo(ctx, userCommandContext(request))),
  );

  /** While no authenticator is bound, draws a pending secret (kept encrypted) to scan. */
  app.post(
    '/user/mfa-info/secret',
    {
      config: { access: USER },
      schema: { response: replies(mfaInfoReply), tags, summary: 'Draw the secret to bind an authenticator' },
    },
    async (request, reply) => reply.ok(await mfaPendingSecret(ctx, userCommandContext(request))),
  );

  app.post(
    '/user/mfa-info',
    {
      config: { access: USER },
      schema: {
        response: replies(mfaChangeReply),
        tags,
        body: mfaChangeBody,
        summary:
          'Bind the authenticator, remove it (its code, or when lost: password + 48 h wait), cancel a removal',
      },
    },
    async (request, reply) => {
      const { token, bound, reset_available_at } = await changeSecondFactor(
        ctx,
        sessionCommandContext(request),
        request.body,
      );
      if (token) setSessionCookie(reply, token, { secure });
      return reply.ok({ bound, reset_available_at });
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
