/** §3 Organization as the spaces API presents it (GET /organization, /organization/base-info). */
export interface VipData {
  transfer_record_duration: number;
  transfer_category: string[] | number[] | null;
  vip_chain_ids: Array<number | string> | null;
  wallet_num: number;
  org_user_num: number;
  org_payment_num: number;
  historical_transaction_duration: number;
  vip_expired_time: string | null;
}

export type Edition = 'experience' | 'formal';
export type ScanState = 'scanning' | 'secure' | 'error';
export type VipNotice = 'unexpired' | 'about_to_expire' | 'expired';

export interface Space {
  organization_id: number;
  name: string;
  description: string | null;
  logo_url: string | null;
  /** 1 Company, 2 Family. */
  kind: 1 | 2;
  /** 1/2 trial, 3/4 full. */
  type: number;
  edition: Edition;
  /** 0 Member, 1 Creator, 2 Admin, 7 User. */
  role: number;
  is_admin: boolean;
  is_operator: boolean;
  is_open_approve: boolean;
  is_open_testnet: boolean;
  is_open_dapp: boolean;
  environment_scan: ScanState;
  feature_list: string[];
  vip_category: 'free' | 'plus' | 'enterprise';
  vip_data: VipData;
  vip_notice: VipNotice;
  chain_ids: Array<number | string>;
  created_at: string;
  member_count: number;
  wallet_count: number;
}

/** Roles of §6: 0 Member, 1 Creator, 2 Admin, 7 User. Creator and Admin are privileged. */
export const SPACE_ROLES = { member: 0, creator: 1, admin: 2, user: 7 } as const;
/** Roles an invitation or a role change may give (never Creator). */
export const ASSIGNABLE_ROLES = [SPACE_ROLES.member, SPACE_ROLES.admin, SPACE_ROLES.user] as const;

export function isPrivileged(info: Pick<Space, 'role' | 'is_admin'>): boolean {
  return info.is_admin || info.role === SPACE_ROLES.creator || info.role === SPACE_ROLES.admin;
}

export const isTrial = (space: Pick<Space, 'type' | 'edition'>): boolean =>
  space.edition === 'experience' || space.type === 1 || space.type === 2;

export type MemberStatus = 'joined' | 'pending' | 'expired' | 'blocked';

export interface Member {
  member_id: number;
  user_id: number | null;
  nickname: string | null;
  email: string;
  role: number;
  status: MemberStatus;
  join_time: string | null;
  invited_at: string;
  permissions: Array<{ wallet_id: number; wallet_name: string; permissions: string[] }>;
  /** 1 inactive 30 days, 2 device change, 5 new device login, 6 frequent device change. */
  risk_tags: number[];
}

export interface Paged<T> {
  list: T[];
  page: number;
  page_size: number;
  total: number;
}

export interface InviteInfo {
  organization_id: number;
  organization_name: string;
  email: string;
  role: number;
  inviter_name: string | null;
  status: MemberStatus | string;
  registered: boolean;
}
