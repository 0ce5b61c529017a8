import type { InheritanceInfo } from '@keystead/contract/api/inheritance';
import type {
  MobileInheritance,
  MobilePairing,
  MobilePairingStatus,
  MobileSession,
  MobileTasks,
} from '@keystead/contract/api/mobile';
import type { SignReply, TaskInfo } from '@keystead/contract/api/transfer-replies';
import type {
  AddSignerReply,
  SignerAddressList,
  SignerChallenge,
  VerifySignerReply,
} from '@keystead/contract/api/wallet-replies';
import { api, V1 } from '@/lib/api-client';

/**
 * The calls of the companion phone signer (§1). A phone's session reaches only these; every call
 * that belongs to a space names it in the organization-id header (the phone has no chosen space).
 */

/** POST /mobile/pairing (desktop): a new code; earlier ones stop working. */
export const createPairing = () => api.post<MobilePairing>(`${V1}/mobile/pairing`, {});

/** GET /mobile/pairing (desktop): has the newest code this session asked for paired a phone? */
export const fetchPairingStatus = () => api.get<MobilePairingStatus>(`${V1}/mobile/pairing`);

/** POST /mobile/pair (no session): trades the code for a phone session. */
export const pairPhone = (code: string) =>
  api.post<MobileSession>(`${V1}/mobile/pair`, { code }, { organizationId: null });

/** GET /mobile/session: who this phone (or browser) is signed in as. */
export const fetchMobileSession = () =>
  api.get<MobileSession>(`${V1}/mobile/session`, undefined, { organizationId: null });

/** GET /mobile/tasks: every space's tasks waiting for `address` to sign. */
export const fetchMobileTasks = (address: string) =>
  api.get<MobileTasks>(`${V1}/mobile/tasks`, { address }, { organizationId: null });

export const fetchTaskInfo = (organizationId: number, taskId: number) =>
  api.get<TaskInfo>(`${V1}/task/info`, { task_id: taskId }, { organizationId: String(organizationId) });

export const signTaskFromPhone = (organizationId: number, body: { task_id: number; signature: string }) =>
  api.post<SignReply>(`${V1}/sign`, { ...body, kind: 'eip712' }, { organizationId: String(organizationId) });

/** GET /mobile/inheritance: the wallets whose owner named this account heir (open, accepted, applied). */
export const fetchMobileInheritance = () =>
  api.get<MobileInheritance>(`${V1}/mobile/inheritance`, undefined, { organizationId: null });

/** POST /wallets/inheritance in the wallet's space: the heir's answer (the only actions a phone may take). */
export const answerInheritance = (
  organizationId: number,
  body: { wallet_id: number; action: 'accept'; heir_address: string } | { wallet_id: number; action: 'deny' },
) => api.post<InheritanceInfo>(`${V1}/wallets/inheritance`, body, { organizationId: String(organizationId) });

export const fetchSigners = () =>
  api.get<SignerAddressList>(`${V1}/permission-address`, undefined, { organizationId: null });

export const addPhoneSigner = (body: { name: string; address: string }) =>
  api.post<AddSignerReply>(
    `${V1}/permission-address`,
    { ...body, family: 'EVM', source: 'mobile' },
    { organizationId: null },
  );

export const fetchChallenge = (id: number) =>
  api.get<SignerChallenge>(`${V1}/permission-address/challenge`, { id }, { organizationId: null });

export const verifyPhoneSigner = (body: { id: number; challenge_id: number; signature: string }) =>
  api.post<VerifySignerReply>(`${V1}/permission-address/verify`, body, { organizationId: null });

export const logoutPhone = () => api.post<unknown>(`${V1}/logout`, {}, { organizationId: null });
