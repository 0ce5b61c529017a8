import type { FastifyReply } from 'fastify';
import {
  LOGIN_STEP_COOKIE,
  RESET_COOKIE,
  forgetPasswordBody,
  verifyCodeBody,
  verifyCodeReply,
  doneReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { signInCaller } from './auth-commands';
import {
  RESET_LIFETIME_MS,
  advancePasswordReset,
  finishPasswordReset,
  verifyLoginCode,
} from './second-factor-commands';
import { clearSessionCookie, setSessionCookie } from './session.service';
import { PUBLIC } from '../../plugins/access-rules';

export { MAX_SECOND_FACTOR_FAILURES } from './second-factor-commands';

export async function secondFactorRoutes(app: AppInstance, ctx: AppContext, secure: boolean) {
  app.post(
    '/email-mfa/verify',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(verifyCodeReply),
        tags: ['auth'],
        body: verifyCodeBody,
        summary: 'Second check of login or password reset',
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.category === 'login') {
        const result = await verifyLoginCode(ctx, signInCaller(request), body);
        if ('failed' in result) {
          if (result.voided) clearLoginCookies(reply);
          throw result.failed;
        }
        setSessionCookie(reply, result.token, { secure });
        reply.clearCookie(LOGIN_STEP_COOKIE, { path: '/' });
        return reply.ok(verifyCodeReply.parse({ next: 'done' }));
      }
      const result = await advancePasswordReset(ctx, signInCaller(request), body);
      if ('failed' in result) {
        if (result.voided) reply.clearCookie(RESET_COOKIE, { path: '/api/' });
        throw result.failed;
      }
      if (result.resetToken)
        reply.setCookie(RESET_COOKIE, result.resetToken, {
          path: '/api/',
          httpOnly: true,
          sameSite: 'strict',
          secure,
          maxAge: RESET_LIFETIME_MS / 1000,
        });
      return reply.ok(verifyCodeReply.parse({ next: result.next }));
    },
  );

  app.post(
    '/forget-password',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(doneReply),
        tags: ['auth'],
        body: forgetPasswordBody,
        summary: 'Set a new password at the end of a reset',
      },
    },
    async (request, reply) => {
      await finishPasswordReset(ctx, signInCaller(request), request.body.password);
      reply.clearCookie(RESET_COOKIE, { path: '/api/' });
      clearSessionCookie(reply);
      return reply.ok({});
    },
  );
}

/** A pending login thrown away after too many wrong codes: the browser forgets it too. */
function clearLoginCookies(reply: FastifyReply) {
  clearSessionCookie(reply);
  reply.clearCookie(LOGIN_STEP_COOKIE, { path: '/' });
}
