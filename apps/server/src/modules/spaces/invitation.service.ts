import { sql, type Kysely } from 'kysely';
import { INVITATION_LIFETIME_DAYS, PLANS, type Language } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Database, Organization, OrganizationMember } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { queueMail } from '../mail/mail.service';
import { effectivePlan } from './space-presenter';

export function newInvitationToken(): { token: string; hash: string; expiresAt: Date } {
  const token = randomToken(24);
  return {
    token,
    hash: sha256Hex(token),
    expiresAt: new Date(Date.now() + INVITATION_LIFETIME_DAYS * 86_400_000),
  };
}

/** A pending invitation past its date reads as expired (§3 member status). */
export function memberStatus(
  member: Pick<OrganizationMember, 'status' | 'invite_expires_at'>,
  now = Date.now(),
): OrganizationMember['status'] {
  if (member.status === 'pending' && member.invite_expires_at && member.invite_expires_at.getTime() <= now)
    return 'expired';
  return member.status;
}

/** Seats in use count joined, blocked and still-pending members; the plan sets the ceiling. */
export async function assertSeatsAvailable(
  trx: Kysely<Database>,
  organization: Organization,
  adding: number,
): Promise<void> {
  const limit = PLANS[effectivePlan(organization)].members;
  const row = await trx
    .selectFrom('organization_members')
    .select(sql<number>`count(*)`.as('n'))
    .where('organization_id', '=', organization.id)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['joined', 'blocked']),
        eb.and([eb('status', '=', 'pending'), eb('invite_expires_at', '>', new Date())]),
      ]),
    )
    .executeTakeFirstOrThrow();
  if (Number(row.n) + adding > limit) throw new AppError('LIMIT_MEMBERS_ERROR', { max: limit });
}

const INVITE_TEXT: Record<
  Language,
  (space: string, inviter: string, link: string, days: number) => { subject: string; text: string }
> = {
  'en-US': (space, inviter, link, days) => ({
    subject: `You are invited to the Keystead space "${space}"`,
    text: `${inviter} invited you to join the space "${space}" on Keystead.\n\nOpen this link to accept (valid for ${days} days, once):\n${link}\n\nIf you did not expect this invitation, ignore this mail.`,
  }),
  'zh-CN': (space, inviter, link, days) => ({
    subject: `邀请您加入 Keystead 空间「${space}」`,
    text: `${inviter} 邀请您加入 Keystead 空间「${space}」。\n\n打开以下链接接受邀请（${days} 天内有效，仅可使用一次）：\n${link}\n\n如非预期，请忽略本邮件。`,
  }),
  'zh-HK': (space, inviter, link, days) => ({
    subject: `邀請您加入 Keystead 空間「${space}」`,
    text: `${inviter} 邀請您加入 Keystead 空間「${space}」。\n\n打開以下連結接受邀請（${days} 天內有效，僅可使用一次）：\n${link}\n\n如非預期，請忽略本郵件。`,
  }),
};

export interface InvitationMail {
  email: string;
  token: string;
  organization: Organization;
  inviterName: string;
  language: Language;
  antiPhishingCode: string | null;
}

export async function queueInvitationMail(
  trx: Kysely<Database>,
  ctx: AppContext,
  mail: InvitationMail,
): Promise<void> {
  const base = ctx.config.PUBLIC_URL ?? `http://${ctx.config.HOST}:${ctx.config.PORT}`;
  const link = `${base}/organization/invite-confirm?token=${encodeURIComponent(mail.token)}`;
  const content = INVITE_TEXT[mail.language](
    mail.organization.name,
    mail.inviterName,
    link,
    INVITATION_LIFETIME_DAYS,
  );
  await queueMail(
    trx,
    {
      to: mail.email,
      ...content,
      category: 'invitation',
      antiPhishingCode: mail.antiPhishingCode,
      language: mail.language,
    },
    Boolean(ctx.config.SMTP_URL),
  );
}

/** Finds an invitation by its token; the token itself is never stored. */
export async function findInvitation(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .leftJoin('users as inviter', 'inviter.id', 'm.invited_by')
    .selectAll('m')
    .select(['o.name as organization_name', 'inviter.nickname as inviter_name'])
    .where('m.invite_token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
}

export type Invitation = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/** The checks every use of an invitation makes: it exists, is still pending and not expired. */
export function assertUsableInvitation(invitation: Invitation | undefined): asserts invitation is Invitation {
  if (!invitation) throw new AppError('INVITATION_NOT_FOUND_ERROR');
  const status = memberStatus(invitation);
  if (status === 'expired') throw new AppError('INVITATION_EXPIRED_ERROR');
  if (status !== 'pending') throw new AppError('INVITATION_INVALID_ERROR');
}
