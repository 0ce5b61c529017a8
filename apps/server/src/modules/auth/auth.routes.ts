import {
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
import { AppError } from '../../lib/app-error';
import { requireSecondFactorStage, requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { consumeCaptchaPass, issueCaptcha, loginNeedsCaptcha, verifyCaptcha } from './captcha.service';
import { EMAIL_CODE_LIMITS, sendEmailCode } from './email-code.service';
import { loginWithPassword, registerUser } from './login.service';
import { clearSessionCookie, revokeSessions, setSessionCookie } from './session.service';
import { secondFactorRoutes } from './second-factor.routes';
import { assertUsableInvitation, findInvitation } from '../spaces/invitation.service';
import { PUBLIC } from '../../plugins/access-rules';

const tags = ['auth'];

/** Purposes that are sent before anyone is signed in; every other purpose needs a session. */
const ANONYMOUS_PURPOSES = new Set(['register', 'forget_password', 'login', 'invite_register']);

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
      const { category, language_code } = request.body;
      const done = () =>
        reply.ok(sendEmailCodeReply.parse({ resend_after_seconds: EMAIL_CODE_LIMITS.resendAfterMs / 1000 }));
      const base = { purpose: category, language: language_code, ip: request.ip };
      if (category === 'login') {
        const { user } = requireSecondFactorStage(request);
        await sendEmailCode(ctx, {
          ...base,
          email: user.email,
          userId: user.id,
          antiPhishingCode: user.anti_phishing_code,
        });
        return done();
      }
      if (category === 'register' || category === 'forget_password') {
        const email = request.body.email;
        if (!email) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'email' });
        await consumeCaptchaPass(ctx, request, category);
        const user = await ctx.db
          .selectFrom('users')
          .select(['id', 'anti_phishing_code'])
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
          .executeTakeFirst();
        if (category === 'register') {
          if (user) throw new AppError('EMAIL_EXISTS_ERROR');
          await sendEmailCode(ctx, { ...base, email, userId: null });
        } else if (user) {
          // Unknown addresses get the same reply and no mail: this flow must not reveal accounts.
          await sendEmailCode(ctx, {
            ...base,
            email,
            userId: user.id,
            antiPhishingCode: user.anti_phishing_code,
          });
        }
        return done();
      }
      if (category === 'invite_register') {
        // The invitation names the address; the captcha guards the send like registration's.
        const token = request.body.org_invite_token;
        if (!token) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'org_invite_token' });
        const invitation = await findInvitation(ctx.db, token);
        assertUsableInvitation(invitation);
        await consumeCaptchaPass(ctx, request, 'invite_register');
        const exists = await ctx.db
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', invitation.email.toLowerCase()))
          .executeTakeFirst();
        if (exists) throw new AppError('EMAIL_EXISTS_ERROR');
        await sendEmailCode(ctx, { ...base, email: invitation.email.toLowerCase(), userId: null });
        return done();
      }
      if (ANONYMOUS_PURPOSES.has(category)) throw new AppError('PARAMS_INVALID_ERROR', { field: 'category' });
      const { user } = requireUser(request);
      let email = user.email;
      if (category === 'edit_new_email') {
        if (!request.body.email) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'email' });
        email = request.body.email;
        const taken = await ctx.db
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
          .executeTakeFirst();
        if (taken) throw new AppError('EMAIL_EXISTS_ERROR');
      }
      await sendEmailCode(ctx, {
        ...base,
        email,
        userId: user.id,
        antiPhishingCode: user.anti_phishing_code,
      });
      return done();
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
      const { token } = await registerUser(ctx, request, request.body);
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
      const result = await loginWithPassword(ctx, request, request.body.email, request.body.password);
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
      config: { access: PUBLIC },
      schema: { response: replies(doneReply), tags, summary: 'End this session' },
    },
    async (request, reply) => {
      if (request.auth) {
        const { session, user } = request.auth;
        await ctx.db.transaction().execute(async (trx) => {
          await revokeSessions(trx, user.id, 'logout', { onlySessionId: session.id });
          await writeAudit(trx, {
            organizationId: null,
            userId: user.id,
            type: 'account',
            operation: 'logout',
            ip: request.ip,
          });
        });
      }
      clearSessionCookie(reply);
      reply.clearCookie(LOGIN_STEP_COOKIE, { path: '/' });
      return reply.ok({});
    },
  );

  await secondFactorRoutes(app, ctx, secure);
}
