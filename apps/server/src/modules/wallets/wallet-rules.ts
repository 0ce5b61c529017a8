import { sql, type Kysely } from 'kysely';
import { PLANS, isTrialSpace, type createMultiWalletBody } from '@keystead/contract';
import type { z } from 'zod';
import type { ChainInfo, SignerRecord } from '@keystead/chains';
import type { Database, Organization } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { effectivePlan } from '../spaces/space-presenter';
import { SignType, WalletStatus } from './wallet-status';
import { signerAddressesInSpace } from '../policy/space-scope';
import { mixesHardware } from './hardware-mix';

/** §1 organisation kinds: Company 1, Family 2. */
export const FAMILY_SPACE = 2;
const COMMON_WALLET = 4;

/**
 * §3 family wallet address types: a family space's wallets say what they are for (default common);
 * a company space has none, and asking for one there is refused.
 */
export function familyAddressType(
  organization: Pick<Organization, 'kind'>,
  requested: number | undefined,
): number | null {
  if (organization.kind !== FAMILY_SPACE) {
    if (requested !== undefined) throw new AppError('FEATURE_NOT_SUPPORTED_ERROR');
    return null;
  }
  return requested ?? COMMON_WALLET;
}

export const MAX_VIEWERS = 5;
export const MAX_RISK_CONTROL_USERS = 5;
const TRIAL_WALLETS = 3;

/** Plan, edition and chain limits for one more wallet of a sign type (§1, §9, plans table). */
export async function assertWalletAllowed(
  trx: Kysely<Database>,
  organization: Organization,
  chain: ChainInfo,
  signType: number,
): Promise<void> {
  const plan = PLANS[effectivePlan(organization)];
  if (isTrialSpace(organization.type) && !chain.testnet) throw new AppError('LIMIT_TRIAL_ERROR');
  if (!chain.testnet || chain.devnet) {
    if (plan.chainIds && !plan.chainIds.map(String).includes(String(chain.chainId)))
      throw new AppError('LIMIT_CHAIN_ERROR');
  } else if (!organization.is_open_testnet && !isTrialSpace(organization.type)) {
    throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  }
  const counts = await trx
    .selectFrom('wallets')
    .select(['sign_type', sql<number>`count(*)`.as('n')])
    .where('organization_id', '=', organization.id)
    .where('status', '<>', WalletStatus.Archived)
    .groupBy('sign_type')
    .execute();
  const count = (type: number) => Number(counts.find((row) => row.sign_type === type)?.n ?? 0);
  const total = counts.reduce((sum, row) => sum + Number(row.n), 0);
  if (isTrialSpace(organization.type) && total >= TRIAL_WALLETS) throw new AppError('LIMIT_TRIAL_ERROR');
  const limit = signType === SignType.Multi ? plan.multisigWallets : plan.singleWallets;
  if (count(signType) >= limit) throw new AppError('LIMIT_WALLETS_ERROR', { max: limit });
}

type MultiInput = z.infer<typeof createMultiWalletBody>;

export interface CheckedSigner {
  signerAddressId: number;
  userId: number;
  address: string;
  /** The stored key, for the family to read as its key material. */
  record: SignerRecord;
}

/**
 * The wizard's rules (§5): threshold > 1 and ≤ signers; approval threshold ≤ approvers; at
 * least one operator; ≤ 5 viewers and risk-control users; every signer a VERIFIED address of a
 * JOINED member; every role holder a joined member.
 */
export async function checkMultisigInput(
  trx: Kysely<Database>,
  organizationId: number,
  input: MultiInput,
): Promise<CheckedSigner[]> {
  const signerIds = [...new Set(input.signers)];
  if (signerIds.length !== input.signers.length)
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'signers' });
  if (input.weights) {
    // Weighted (Tron): the threshold is a weight the signers' weights must reach together.
    if (input.weights.length !== input.signers.length)
      throw new AppError('PARAMS_INVALID_ERROR', { field: 'weights' });
    if (input.weights.reduce((sum, w) => sum + w, 0) < input.threshold)
      throw new AppError('SIGNER_WEIGHT_THRESHOLD_ERROR');
  } else if (input.threshold > signerIds.length) throw new AppError('THRESHOLD_MISMATCH_ERROR');
  const approvers = new Set(input.approvers);
  if (input.approval_threshold > approvers.size) throw new AppError('WALLET_APPROVE_THRESHOLD_ERROR');
  if (approvers.size > 0 && input.approval_threshold < 1)
    throw new AppError('WALLET_APPROVE_THRESHOLD_ERROR');
  if (input.viewers.length > MAX_VIEWERS) throw new AppError('LIMIT_VIEWERS_ERROR', { max: MAX_VIEWERS });
  if (input.risk_control_users.length > MAX_RISK_CONTROL_USERS)
    throw new AppError('LIMIT_RISK_CONTROL_USERS_ERROR', { max: MAX_RISK_CONTROL_USERS });

  // Another person's address outside the space reads as not found, before its status (policy).
  const signers = await signerAddressesInSpace(trx, organizationId, signerIds);
  const unverified = signers.find((signer) => signer.status !== 1);
  if (unverified) throw new AppError('SIGNER_NOT_VERIFIED_ERROR', { field: unverified.address });
  const owners = new Set(signers.map((signer) => signer.address.toLowerCase()));
  if (owners.size !== signers.length) throw new AppError('PARAMS_INVALID_ERROR', { field: 'signers' });
  if (
    mixesHardware(
      input.chain_key,
      signers.map((signer) => signer.source),
    )
  )
    throw new AppError('WALLET_HARDWARE_MIX_ERROR');

  const everyone = [
    ...new Set([
      ...signers.map((s) => s.user_id),
      ...input.approvers,
      ...input.operators,
      ...input.viewers,
      ...input.risk_control_users,
      ...input.broadcasters,
    ]),
  ];
  const members = await trx
    .selectFrom('organization_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'joined')
    .where('user_id', 'in', everyone)
    .execute();
  const joined = new Set(members.map((row) => row.user_id));
  const outsider = signers.find((signer) => !joined.has(signer.user_id));
  if (outsider) throw new AppError('SIGNER_NOT_IN_ORG_ERROR', { field: outsider.address });
  if (everyone.some((userId) => !joined.has(userId))) throw new AppError('MEMBER_NOT_FOUND_ERROR');
  return signers.map((signer) => ({
    signerAddressId: signer.id,
    userId: signer.user_id,
    address: signer.address,
    record: {
      family: signer.family,
      chainKey: signer.chain_key ?? '',
      address: signer.address,
      fingerprint: signer.fingerprint,
      derivationPath: signer.derivation_path,
    },
  }));
}
