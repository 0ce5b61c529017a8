import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, OrganizationMember, OrganizationMembersTable } from '../../db/schema';
import { LockNamespace } from '../../jobs/lock-ids';

/** The spaces module's SQL for members and invitations (rows of organization_members). */

export interface MemberListFilter {
  page: number;
  page_size: number;
  status?: OrganizationMember['status'] | undefined;
  keyword?: string | undefined;
}

/** One page of the space's members and invitations, with the total the filter matches. */
export async function listMembers(db: Db, organizationId: number, filter: MemberListFilter) {
  const { page, page_size, status, keyword } = filter;
  let query = db
    .selectFrom('organization_members as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .where('m.organization_id', '=', organizationId);
  const now = new Date();
  if (status === 'pending')
    query = query.where('m.status', '=', 'pending').where('m.invite_expires_at', '>', now);
  else if (status === 'expired')
    query = query.where('m.status', '=', 'pending').where('m.invite_expires_at', '<=', now);
  else if (status) query = query.where('m.status', '=', status);
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('m.email', 'ilike', like), eb('u.nickname', 'ilike', like)]));
  }
  const [rows, total] = await Promise.all([
    query
      .select([
        'm.id',
        'm.user_id',
        'm.email',
        'm.role',
        'm.status',
        'm.invite_expires_at',
        'm.joined_at',
        'm.created_at',
        'u.nickname',
      ])
      .orderBy('m.id')
      .limit(page_size)
      .offset((page - 1) * page_size)
      .execute(),
    query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** One writer of a space's member list at a time (invitations count seats, then add rows). */
export async function lockSpaceMembers(trx: Kysely<Database>, organizationId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LockNamespace.SpaceMembers}, ${organizationId}::int)`.execute(trx);
}

/** The space's rows for these (lower-case) e-mails, whatever their status. */
export function membersByEmails(trx: Kysely<Database>, organizationId: number, emails: string[]) {
  return trx
    .selectFrom('organization_members')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`lower(email) in (${sql.join(emails)})`)
    .execute();
}

/** Accounts registered under these (lower-case) e-mails. */
export function accountsByEmails(trx: Kysely<Database>, emails: string[]) {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'language_code', 'anti_phishing_code'])
    .where(sql<boolean>`lower(email) in (${sql.join(emails)})`)
    .execute();
}

export async function insertMember(
  trx: Kysely<Database>,
  values: Insertable<OrganizationMembersTable>,
): Promise<void> {
  await trx.insertInto('organization_members').values(values).execute();
}

/** Renews the space's row for a (lower-case) e-mail. */
export async function updateMemberByEmail(
  trx: Kysely<Database>,
  organizationId: number,
  email: string,
  values: Updateable<OrganizationMembersTable>,
): Promise<void> {
  await trx
    .updateTable('organization_members')
    .set(values)
    .where('organization_id', '=', organizationId)
    .where(sql<boolean>`lower(email) = ${email}`)
    .execute();
}

/** A member row of the space, locked until the transaction ends. */
export function lockMember(trx: Kysely<Database>, organizationId: number, memberId: number) {
  return trx
    .selectFrom('organization_members')
    .selectAll()
    .where('id', '=', memberId)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateMember(
  trx: Kysely<Database>,
  memberId: number,
  values: Updateable<OrganizationMembersTable>,
): Promise<void> {
  await trx.updateTable('organization_members').set(values).where('id', '=', memberId).execute();
}

export async function deleteMember(trx: Kysely<Database>, memberId: number): Promise<void> {
  await trx.deleteFrom('organization_members').where('id', '=', memberId).execute();
}

/** Turns a still-pending invitation row into a joined member; false when it was no longer pending. */
export async function joinInvitation(
  trx: Kysely<Database>,
  invitationId: number,
  userId: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('organization_members')
    .set({
      user_id: userId,
      status: 'joined',
      joined_at: new Date(),
      invite_token_hash: null,
      updated_at: new Date(),
    })
    .where('id', '=', invitationId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** User ids of the space's joined creator and admins. */
export async function spaceAdminIds(
  trx: Kysely<Database>,
  organizationId: number,
): Promise<Array<number | null>> {
  const rows = await trx
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'joined')
    .where('role', 'in', [1, 2])
    .execute();
  return rows.map((row) => row.user_id);
}
