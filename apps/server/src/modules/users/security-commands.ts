import type { z } from 'zod';
import {
  loginHistoryItem,
  type antiPhishingBody,
  type changeEmailBody,
  type changePasswordBody,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { SessionCommandContext, UserCommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { hashPassword, verifyPassword } from '../auth/password';
import { activateSession, revokeSessions } from '../auth/session.service';
import { findUserByEmail, recentSignIns, updateUser } from './user-repository';

const LOGIN_HISTORY_SIZE = 10;

function accountAudit(userId: number, operation: string, ip: string, content?: Record<string, unknown>) {
  return {
    organizationId: null,
    userId,
    type: 'account',
    operation,
    ip,
    ...(content ? { content } : {}),
  };
}

/** Changes the password (old password and an e-mail code); other sessions end, this one rotates. */
export async function changePassword(
  ctx: AppContext,
  actor: SessionCommandContext,
  input: z.infer<typeof changePasswordBody>,
): Promise<string> {
  const { user } = actor;
  if (!(await verifyPassword(user.password_hash, input.old_password)))
    throw new AppError('UCS_USER_PASSWORD_MISTAKE');
  const codeId = await checkEmailCode(ctx, 'reset_password', user.email, input.email_code);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    await markCodeUsed(trx, codeId);
    await updateUser(trx, user.id, { password_hash: passwordHash, updated_at: new Date() });
    await revokeSessions(trx, user.id, 'password_change', { exceptSessionId: actor.sessionId });
    await writeAudit(trx, accountAudit(user.id, 'password_change', actor.ip));
    return activateSession(trx, actor.sessionId);
  });
}

/** Changes the e-mail with codes sent to the old and the new address. */
export async function changeEmail(
  ctx: AppContext,
  actor: UserCommandContext,
  input: z.infer<typeof changeEmailBody>,
): Promise<{ email: string }> {
  const { user } = actor;
  const { email, email_code, new_email_code } = input;
  const oldCodeId = await checkEmailCode(ctx, 'edit_email', user.email, email_code);
  const newCodeId = await checkEmailCode(ctx, 'edit_new_email', email, new_email_code);
  await ctx.db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, email)) throw new AppError('EMAIL_EXISTS_ERROR');
    await markCodeUsed(trx, oldCodeId);
    await markCodeUsed(trx, newCodeId);
    await updateUser(trx, user.id, { email, updated_at: new Date() });
    await writeAudit(trx, accountAudit(user.id, 'email_change', actor.ip, { from: user.email, to: email }));
  });
  return { email };
}

/** Sets the anti-phishing code shown in every mail. */
export async function setAntiPhishingCode(
  ctx: AppContext,
  actor: UserCommandContext,
  input: z.infer<typeof antiPhishingBody>,
): Promise<void> {
  const { user } = actor;
  const codeId = await checkEmailCode(ctx, 'edit_anti_fishing', user.email, input.email_code);
  await ctx.db.transaction().execute(async (trx) => {
    await markCodeUsed(trx, codeId);
    await updateUser(trx, user.id, { anti_phishing_code: input.code, updated_at: new Date() });
    await writeAudit(trx, accountAudit(user.id, 'anti_phishing_code', actor.ip));
  });
}

/** The user's last sign-ins, marking this session and those still active. */
export async function loginHistory(ctx: AppContext, actor: SessionCommandContext) {
  const rows = await recentSignIns(ctx.db, actor.user.id, LOGIN_HISTORY_SIZE);
  const now = Date.now();
  const list = rows.map((row) =>
    loginHistoryItem.parse({
      session_id: row.id,
      login_time: (row.activated_at ?? row.created_at).toISOString(),
      last_seen: row.last_seen_at.toISOString(),
      device: row.device ?? 'Unknown device',
      ip: row.ip,
      location: row.location,
      current: row.id === actor.sessionId,
      active: !row.revoked_at && row.expires_at.getTime() > now,
      kind: row.kind,
    }),
  );
  return { list };
}

/** Signs out another session, or all others; never this one. */
export async function forceLogout(
  ctx: AppContext,
  actor: SessionCommandContext,
  target: number | undefined,
): Promise<{ revoked: number }> {
  const { user } = actor;
  if (target === actor.sessionId) throw new AppError('PERMISSION_FORCE_LOGOUT_SELF_ERROR');
  const count = await ctx.db.transaction().execute(async (trx) => {
    const revoked = await revokeSessions(
      trx,
      user.id,
      'force_logout',
      target ? { onlySessionId: target } : { exceptSessionId: actor.sessionId },
    );
    await writeAudit(
      trx,
      accountAudit(user.id, 'force_logout', actor.ip, { session_id: target ?? 'all_others', count: revoked }),
    );
    return revoked;
  });
  return { revoked: count };
}
