/** The spaces API's replies, as the contract declares them (GET /organization, /organization/member, …). */
import type { MemberStatusName, Space } from '@keystead/contract/api/spaces';

export type {
  EnterSpaceReply,
  EnvironmentScan,
  InviteInfo,
  InviteReply,
  JoinReply,
  Member,
  MemberPage,
  Space,
  SpaceList,
} from '@keystead/contract/api/spaces';
export type MemberStatus = MemberStatusName;
export type Edition = Space['edition'];
export type ScanState = Space['environment_scan'];
