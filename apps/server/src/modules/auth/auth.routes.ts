import {
  CODE_SENT_IF_DELIVERABLE,
  LOGIN_STEP_COOKIE,
  getCaptchaQuery,
  getCaptchaReply,
  loginBody,
  loginReply,
  registerBody,
  sendEmailCodeBody,
  sendEmailCodeReply,
  verifyCaptchaBody,
  doneReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { logout, requestEmailCode, signInCaller } from './auth-commands';
import { issueCaptcha, loginNeedsCaptcha, verifyCaptcha } from './captcha.service';
import { EMAIL_CODE_LIMITS } from './email-code.service';
import { loginWithPassword, registerUser } from './login.service';
import { clearSessionCookie, setSessionCookie } from './session.service';
import { secondFactorRoutes } from './second-factor.routes';
import { PUBLIC } from '../../plugins/access-rules';

const tags = ['auth'];

export async function authRoutes(app: AppInstance, ctx: AppContext) {
  const secure = ctx.config.secureCookies;

  app.get(
    '/captcha',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(getCaptchaReply),
        tags,
        querystring: getCaptchaQuery,
        summary: 'Image captcha, when the server asks for one',
      },
    },
    async (request, reply) => {
      const { category, email } = request.query;
      const needed = category !== 'login' || (await loginNeedsCaptcha(ctx, request.ip, email));
      const captcha = needed ? await issueCaptcha(ctx, request, reply, category, email) : null;
      return reply.ok(getCaptchaReply.parse({ captcha }));
    },
  );

  app.post(
    '/captcha',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(doneReply),
        tags,
        body: verifyCaptchaBody,
        summary: 'Check the typed captcha',
      },
    },
    async (request, reply) => {
      await verifyCaptcha(ctx, request, request.body.category, request.body.captcha_code);
      return reply.ok({});
    },
  );

  app.post(
    '/email-code',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(sendEmailCodeReply),
        tags,
        body: sendEmailCodeBody,
        summary: 'Send a 6-digit code by e-mail',
      },
    },
    async (request, reply) => {
      const { blind } = await requestEmailCode(ctx, signInCaller(request), request.body);
      return reply.ok(
        sendEmailCodeReply.parse({ resend_after_seconds: EMAIL_CODE_LIMITS.resendAfterMs / 1000 }),
        blind ? CODE_SENT_IF_DELIVERABLE : undefined,
      );
    },
  );

  app.post(
    '/register',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(doneReply),
        tags,
        body: registerBody,
        summary: 'Create an account (signed in afterwards)',
      },
    },
    async (request, reply) => {
      const { token } = await registerUser(ctx, signInCaller(request), request.body);
      setSessionCookie(reply, token, { secure });
      return reply.ok({});
    },
  );

  app.post(
    '/login',
    {
      config: { access: PUBLIC },
      schema: {
        response: replies(loginReply),
        tags,
        body: loginBody,
        summary: 'Password check; the second factor follows',
      },
    },
    async (request, reply) => {
      const result = await loginWithPassword(
        ctx,
        signInCaller(request),
        request.body.email,
        request.body.password,
      );
      setSessionCookie(reply, result.token, { secure });
      reply.setCookie(LOGIN_STEP_COOKIE, result.secondFactor === 'totp' ? '1' : '0', {
        path: '/',
        sameSite: 'lax',
        secure,
        maxAge: 600,
      });
      return reply.ok(
        loginReply.parse({ other_device_login: result.otherDeviceLogin, second_factor: result.secondFactor }),
      );
    },
  );

  app.post(
    '/logout',
    {
      config: { access: PUBLIC, phone: true },
      schema: { response: replies(doneReply), tags, summary: 'End this session' },
    },
    async (request, reply) => {
      if (request.auth) {
        const { session, user } = request.auth;
        await logout(ctx, { user, ip: request.ip, sessionId: session.id });
      }
      clearSessionCookie(reply);
      reply.clearCookie(LOGIN_STEP_COOKIE, { path: '/' });
      return reply.ok({});
    },
  );

  await secondFactorRoutes(app, ctx, secure);
}
