import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Organization } from '../../db/schema';

export interface ScanFinding {
  code: 'admin_without_authenticator' | 'approval_verification_off' | 'stale_invitations';
  detail: string;
}

/**
 * The space's environment scan (§2 settings: scanning, secure, error): checks the settings a
 * custody team should not run without, and names each finding.
 */
export async function scanEnvironment(db: Db, organization: Organization): Promise<ScanFinding[]> {
  const findings: ScanFinding[] = [];
  const weakAdmins = await db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.organization_id', '=', organization.id)
    .where('m.status', '=', 'joined')
    .where('m.role', 'in', [1, 2])
    .where('u.totp_secret_enc', 'is', null)
    .execute();
  for (const admin of weakAdmins) findings.push({ code: 'admin_without_authenticator', detail: admin.email });
  if (!organization.is_open_approve)
    findings.push({ code: 'approval_verification_off', detail: 'Approvers confirm without a second factor' });
  const stale = await db
    .selectFrom('organization_members')
    .select(sql<number>`count(*)`.as('n'))
    .where('organization_id', '=', organization.id)
    .where('status', '=', 'pending')
    .where('invite_expires_at', '<=', new Date())
    .executeTakeFirstOrThrow();
  if (Number(stale.n) > 0)
    findings.push({ code: 'stale_invitations', detail: `${Number(stale.n)} expired invitations` });
  return findings;
}
