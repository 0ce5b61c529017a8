import { randomInt } from 'node:crypto';
import {
  normalizePairingCode,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PHONE_PAIRING,
  type MobilePairing,
  type MobilePairingStatus,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Session, User } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/crypto';
import { writeAudit } from '../audit/audit.service';
import { notify } from '../notifications/notification.service';
import { createSession, type SessionClient } from '../auth/session.service';
import { publicBaseUrl } from '../transfers/transfer-notify';

/** Ten characters of 32: 50 bits, for two minutes, once, behind a per-address limit. */
function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i += 1) code += PAIRING_CODE_ALPHABET[randomInt(32)];
  return code;
}

/**
 * A desktop (browser) session asks for a code to show as a QR. Earlier unused codes of the
 * account stop working, so only the code on the screen now pairs.
 */
export async function issuePairingCode(
  ctx: AppContext,
  actor: { user: User; session: Session },
  baseUrl: string,
): Promise<MobilePairing> {
  if (actor.session.kind === 'phone') throw new AppError('PHONE_SESSION_SCOPE_ERROR');
  const code = newPairingCode();
  const expiresAt = new Date(Date.now() + PHONE_PAIRING.codeSeconds * 1000);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('phone_pairings')
      .set({ voided_at: new Date() })
      .where('user_id', '=', actor.user.id)
      .where('used_at', 'is', null)
      .where('voided_at', 'is', null)
      .execute();
    await trx
      .insertInto('phone_pairings')
      .values({
        user_id: actor.user.id,
        code_hash: sha256Hex(code),
        created_by_session_id: actor.session.id,
        expires_at: expiresAt,
      })
      .execute();
  });
  return {
    code: `${code.slice(0, 5)}-${code.slice(5)}`,
    pair_url: `${baseUrl.replace(/\/$/, '')}/mobile#pair=${code}`,
    expires_at: expiresAt.toISOString(),
  };
}

/** The newest code this (desktop) session asked for: has it paired a phone, which one? */
export async function pairingStatus(ctx: AppContext, sessionId: number): Promise<MobilePairingStatus> {
  const row = await ctx.db
    .selectFrom('phone_pairings as p')
    .leftJoin('sessions as s', 's.id', 'p.phone_session_id')
    .select(['p.used_at', 's.device'])
    .where('p.created_by_session_id', '=', sessionId)
    .orderBy('p.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    paired: Boolean(row?.used_at),
    device: row?.used_at ? (row.device ?? null) : null,
    paired_at: row?.used_at?.toISOString() ?? null,
  };
}

/**
 * The phone trades a code for a phone session: once, before it expires, and only while the
 * desktop session that asked for it is still signed in. The owner is told (centre and mail).
 */
export async function pairPhone(
  ctx: AppContext,
  client: SessionClient,
  typedCode: string,
): Promise<{ token: string; user: User; expiresAt: Date }> {
  const attempts = await ctx.rates.hit(`phone-pair:ip:${client.ip}`, 15 * 60_000);
  if (attempts > PHONE_PAIRING.pairAttemptsPerIpPer15Min) throw new AppError('TOO_MANY_REQUESTS_ERROR');
  const codeHash = sha256Hex(normalizePairingCode(typedCode));
  return ctx.db.transaction().execute(async (trx) => {
    const pairing = await trx
      .selectFrom('phone_pairings as p')
      .innerJoin('sessions as s', 's.id', 'p.created_by_session_id')
      .select(['p.id', 'p.user_id', 'p.expires_at', 'p.used_at', 'p.voided_at', 's.revoked_at'])
      .where('p.code_hash', '=', codeHash)
      .forUpdate('p')
      .executeTakeFirst();
    const usable =
      pairing &&
      !pairing.used_at &&
      !pairing.voided_at &&
      !pairing.revoked_at &&
      pairing.expires_at.getTime() > Date.now();
    if (!usable) throw new AppError('AUTHENTICATION_CODE_ERROR');
    const session = await createSession(trx, {
      userId: pairing.user_id,
      stage: 'active',
      secondFactor: null,
      otherDeviceLogin: false,
      client,
      kind: 'phone',
    });
    await trx
      .updateTable('phone_pairings')
      .set({ used_at: new Date(), phone_session_id: session.id })
      .where('id', '=', pairing.id)
      .execute();
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', pairing.user_id)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      organizationId: null,
      userId: user.id,
      type: 'account',
      operation: 'phone_paired',
      ip: client.ip,
      content: { session_id: session.id },
    });
    await notify(
      trx,
      {
        userId: user.id,
        organizationId: null,
        category: 'message',
        topic: 'space',
        title: 'A phone was paired with your account',
        body: 'A phone can now sign for you. If this was not you, sign out of all devices and change your password.',
        link: '/permission-address',
        linkUrl: `${publicBaseUrl(ctx)}/permission-address`,
      },
      Boolean(ctx.config.SMTP_URL),
    );
    return { token: session.token, user, expiresAt: session.expiresAt };
  });
}
