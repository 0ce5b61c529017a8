import type { ErrorCode } from '@keystead/contract';
import type {
  Organization,
  OrganizationMember,
  OrganizationMembersTable,
  OrganizationsTable,
} from '../../db/schema';
import { firstObjectOutsideSpaceSql, type NamedObject } from './space-scope';

/** The space a request names and the space-scoped objects it names, for the access check. */
export interface SpaceLookup {
  organizationId: number;
  named: NamedObject[];
}

/** The caller's membership of the requested space (null: not a member) and the first foreign object. */
export interface SpaceMembership {
  organization: Organization;
  member: OrganizationMember;
  objectOutsideSpace: ErrorCode | null;
}

const ORGANIZATION_COLUMNS = Object.keys({
  id: true,
  name: true,
  description: true,
  logo_upload_id: true,
  kind: true,
  type: true,
  plan: true,
  plan_expires_at: true,
  plan_extensions: true,
  is_open_approve: true,
  is_open_testnet: true,
  is_open_dapp: true,
  environment_scan: true,
  creator_user_id: true,
  created_at: true,
  updated_at: true,
} satisfies Record<keyof OrganizationsTable, true>) as (keyof Organization)[];

const MEMBER_COLUMNS = Object.keys({
  id: true,
  organization_id: true,
  user_id: true,
  email: true,
  role: true,
  status: true,
  invite_token_hash: true,
  invite_expires_at: true,
  invited_by: true,
  joined_at: true,
  created_at: true,
  updated_at: true,
} satisfies Record<keyof OrganizationMembersTable, true>) as (keyof OrganizationMember)[];

const SELECTED = [
  ...ORGANIZATION_COLUMNS.map((column) => `o.${column} as o_${column}`),
  ...MEMBER_COLUMNS.map((column) => `m.${column} as m_${column}`),
].join(', ');

/**
 * SQL pieces that read the membership in the same statement as the session (one round trip per
 * request): columns to select and joins on `s.user_id`. Parameters are numbered from `first`.
 */
export function membershipSql(lookup: SpaceLookup, first: number) {
  const space = `$${first}`;
  const outside = firstObjectOutsideSpaceSql(lookup.named, space, first + 1);
  return {
    columns: `${SELECTED}, ${outside.text} as object_outside_space`,
    joins: `left join organization_members m on m.user_id = s.user_id and m.organization_id = ${space}
      left join organizations o on o.id = m.organization_id`,
    parameters: [lookup.organizationId, ...outside.parameters],
  };
}

/** The membership read by membershipSql out of its row (null when the user is no member). */
export function membershipOf(row: Record<string, unknown>): SpaceMembership | null {
  if (row.m_id === null || row.m_id === undefined) return null;
  const organization: Record<string, unknown> = {};
  for (const column of ORGANIZATION_COLUMNS) organization[column] = row[`o_${column}`];
  const member: Record<string, unknown> = {};
  for (const column of MEMBER_COLUMNS) member[column] = row[`m_${column}`];
  return {
    organization: organization as unknown as Organization,
    member: member as unknown as OrganizationMember,
    objectOutsideSpace: (row.object_outside_space as ErrorCode | null) ?? null,
  };
}
