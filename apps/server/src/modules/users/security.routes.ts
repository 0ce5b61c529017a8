import QRCode from 'qrcode';
import {
  antiPhishingBody,
  changeEmailBody,
  changePasswordBody,
  forceLogoutBody,
  loginHistoryItem,
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
import { AppError } from '../../lib/app-error';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { hashPassword, verifyPassword } from '../auth/password';
import { activateSession, revokeSessions, setSessionCookie } from '../auth/session.service';
import { newTotpSecret, matchTotpStep, totpUri } from '../auth/totp';
import { SIGNED_IN as USER } from '../../plugins/access-rules';

const tags = ['user'];
const LOGIN_HISTORY_SIZE = 10;

export async function securityRoutes(app: AppInstance, ctx: AppContext) {
  const secure = ctx.config.secureCookies;
  const audit = (userId: number, operation: string, ip: string, content?: Record<string, unknown>) => ({
    organizationId: null,
    userId,
    type: 'account',
    operation,
    ip,
    ...(content ? { content } : {}),
  });

  /** While no authenticator is bound, returns a pending secret (kept encrypted) to scan. */
  app.get(
    '/user/mfa-info',
    {
      config: { access: USER },
      schema: { response: replies(mfaInfoReply), tags, summary: 'Authenticator status, or a secret to bind' },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      if (user.totp_secret_enc)
        return reply.ok(mfaInfoReply.parse({ bound: true, otpauth_uri: null, qr_code: null, secret: null }));
      let secret = user.totp_pending_secret_enc
        ? decryptSecret(ctx.config.appSecret, user.totp_pending_secret_enc)
        : null;
      if (!secret) {
        secret = newTotpSecret();
        await ctx.db
          .updateTable('users')
          .set({ totp_pending_secret_enc: encryptSecret(ctx.config.appSecret, secret) })
          .where('id', '=', user.id)
          .execute();
      }
      const uri = totpUri(user.email, secret);
      return reply.ok(
        mfaInfoReply.parse({
          bound: false,
          otpauth_uri: uri,
          qr_code: await QRCode.toDataURL(uri, { margin: 1, width: 200 }),
          secret,
        }),
      );
    },
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
      const { user, session } = requireUser(request);
      const body = request.body;
      const purpose = body.action === 'bind' ? 'bind_mfa' : 'reset_mfa';
      const codeId = await checkEmailCode(ctx, purpose, user.email, body.email_code);
      let step = 0;
      if (body.action === 'bind') {
        if (user.totp_secret_enc || !user.totp_pending_secret_enc) throw new AppError('MFA_BIND_ERROR');
        const found = matchTotpStep(
          decryptSecret(ctx.config.appSecret, user.totp_pending_secret_enc),
          body.mfa_code,
        );
        if (found === null) throw new AppError('AUTHENTICATION_CODE_ERROR');
        step = found;
      } else if (!user.totp_secret_enc) {
        throw new AppError('MFA_BIND_ERROR');
      }
      const token = await ctx.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        const changes =
          body.action === 'bind'
            ? {
                totp_secret_enc: user.totp_pending_secret_enc,
                totp_pending_secret_enc: null,
                totp_bound_at: new Date(),
                totp_last_step: step,
              }
            : {
                totp_secret_enc: null,
                totp_pending_secret_enc: null,
                totp_bound_at: null,
                totp_last_step: 0,
              };
        await trx
          .updateTable('users')
          .set({ ...changes, updated_at: new Date() })
          .where('id', '=', user.id)
          .execute();
        await writeAudit(trx, audit(user.id, body.action === 'bind' ? 'mfa_bind' : 'mfa_reset', request.ip));
        // The second factor changed: rotate this session's token.
        return activateSession(trx, session.id);
      });
      setSessionCookie(reply, token, { secure });
      return reply.ok({ bound: body.action === 'bind' });
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
      const { user, session } = requireUser(request);
      if (!(await verifyPassword(user.password_hash, request.body.old_password)))
        throw new AppError('UCS_USER_PASSWORD_MISTAKE');
      const codeId = await checkEmailCode(ctx, 'reset_password', user.email, request.body.email_code);
      const passwordHash = await hashPassword(request.body.password);
      const token = await ctx.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: new Date() })
          .where('id', '=', user.id)
          .execute();
        await revokeSessions(trx, user.id, 'password_change', { exceptSessionId: session.id });
        await writeAudit(trx, audit(user.id, 'password_change', request.ip));
        return activateSession(trx, session.id);
      });
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
    async (request, reply) => {
      const { user } = requireUser(request);
      const { email, email_code, new_email_code } = request.body;
      const oldCodeId = await checkEmailCode(ctx, 'edit_email', user.email, email_code);
      const newCodeId = await checkEmailCode(ctx, 'edit_new_email', email, new_email_code);
      await ctx.db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
          .executeTakeFirst();
        if (taken) throw new AppError('EMAIL_EXISTS_ERROR');
        await markCodeUsed(trx, oldCodeId);
        await markCodeUsed(trx, newCodeId);
        await trx
          .updateTable('users')
          .set({ email, updated_at: new Date() })
          .where('id', '=', user.id)
          .execute();
        await writeAudit(trx, audit(user.id, 'email_change', request.ip, { from: user.email, to: email }));
      });
      return reply.ok({ email });
    },
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
      const { user } = requireUser(request);
      const codeId = await checkEmailCode(ctx, 'edit_anti_fishing', user.email, request.body.email_code);
      await ctx.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        await trx
          .updateTable('users')
          .set({ anti_phishing_code: request.body.code, updated_at: new Date() })
          .where('id', '=', user.id)
          .execute();
        await writeAudit(trx, audit(user.id, 'anti_phishing_code', request.ip));
      });
      return reply.ok({});
    },
  );

  app.get(
    '/user/login-history',
    {
      config: { access: USER },
      schema: { response: replies(loginHistoryReply), tags, summary: 'The last 10 sign-ins' },
    },
    async (request, reply) => {
      const { user, session } = requireUser(request);
      const rows = await ctx.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('stage', '=', 'active')
        .orderBy('activated_at', 'desc')
        .limit(LOGIN_HISTORY_SIZE)
        .execute();
      const now = Date.now();
      const list = rows.map((row) =>
        loginHistoryItem.parse({
          session_id: row.id,
          login_time: (row.activated_at ?? row.created_at).toISOString(),
          last_seen: row.last_seen_at.toISOString(),
          device: row.device ?? 'Unknown device',
          ip: row.ip,
          location: row.location,
          current: row.id === session.id,
          active: !row.revoked_at && row.expires_at.getTime() > now,
        }),
      );
      return reply.ok({ list });
    },
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
    async (request, reply) => {
      const { user, session } = requireUser(request);
      const target = request.body.session_id;
      if (target === session.id) throw new AppError('PERMISSION_FORCE_LOGOUT_SELF_ERROR');
      const count = await ctx.db.transaction().execute(async (trx) => {
        const revoked = await revokeSessions(
          trx,
          user.id,
          'force_logout',
          target ? { onlySessionId: target } : { exceptSessionId: session.id },
        );
        await writeAudit(
          trx,
          audit(user.id, 'force_logout', request.ip, { session_id: target ?? 'all_others', count: revoked }),
        );
        return revoked;
      });
      return reply.ok({ revoked: count });
    },
  );
}
