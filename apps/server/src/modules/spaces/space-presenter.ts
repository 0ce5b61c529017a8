import {
  EXPIRY_WARNING_DAYS,
  PLANS,
  isPrivilegedRole,
  isTrialSpace,
  type PlanName,
} from '@keystead/contract';
import type { Organization } from '../../db/schema';
import { uploadUrl } from '../uploads/image-upload';

export type ExpiryState = 'unexpired' | 'about_to_expire' | 'expired';

/** A paid plan past its end behaves as free; a free plan never expires. */
export function effectivePlan(
  organization: Pick<Organization, 'plan' | 'plan_expires_at'>,
  now = Date.now(),
): PlanName {
  if (organization.plan === 'free') return 'free';
  if (organization.plan_expires_at && organization.plan_expires_at.getTime() <= now) return 'free';
  return organization.plan;
}

export function expiryState(
  organization: Pick<Organization, 'plan' | 'plan_expires_at'>,
  now = Date.now(),
): ExpiryState {
  if (organization.plan === 'free' || !organization.plan_expires_at) return 'unexpired';
  const left = organization.plan_expires_at.getTime() - now;
  if (left <= 0) return 'expired';
  return left <= EXPIRY_WARNING_DAYS * 86_400_000 ? 'about_to_expire' : 'unexpired';
}

/** A paid plan (running or lapsed) may be extended by 3 days once per paid period (§4). */
export function planExtensionsLeft(
  organization: Pick<Organization, 'plan' | 'plan_expires_at' | 'plan_extensions'>,
): number {
  if (organization.plan === 'free' || !organization.plan_expires_at) return 0;
  return Math.max(0, 1 - organization.plan_extensions);
}

/** Feature flags of §6, derived from the settings and the plan (never stored twice). */
export function featureList(organization: Organization): string[] {
  const features: string[] = [];
  if (organization.is_open_testnet || isTrialSpace(organization.type)) features.push('testnet');
  if (organization.is_open_approve) features.push('approve_mfa');
  if (organization.is_open_dapp) features.push('dapp');
  if (effectivePlan(organization) !== 'free') features.push('vip', 'payment');
  if (organization.kind === 2) features.push('keyvault_family');
  return features;
}

export interface SpaceCounts {
  member_count: number;
  wallet_count: number;
  /** The user operates at least one wallet of the space (operator-only routes, §2). */
  is_operator?: boolean;
}

export function presentSpace(organization: Organization, role: number, counts: SpaceCounts) {
  const plan = effectivePlan(organization);
  const limits = PLANS[plan];
  return {
    organization_id: organization.id,
    name: organization.name,
    description: organization.description,
    logo_url: uploadUrl(organization.logo_upload_id),
    kind: organization.kind,
    type: organization.type,
    edition: isTrialSpace(organization.type) ? 'experience' : 'formal',
    role,
    is_admin: isPrivilegedRole(role),
    is_operator: counts.is_operator ?? false,
    is_open_approve: organization.is_open_approve,
    is_open_testnet: organization.is_open_testnet || isTrialSpace(organization.type),
    is_open_dapp: organization.is_open_dapp,
    environment_scan: organization.environment_scan,
    feature_list: featureList(organization),
    vip_category: plan,
    vip_data: {
      transfer_record_duration: limits.transferRecordMonths,
      transfer_category: limits.paidFeatures
        ? ['normal_transfer', 'batch_transfer', 'pre_signature_transfer']
        : ['normal_transfer'],
      vip_chain_ids: limits.chainIds,
      wallet_num: isTrialSpace(organization.type) ? 3 : limits.multisigWallets + limits.singleWallets,
      org_user_num: limits.members,
      org_payment_num: limits.paymentAddresses,
      historical_transaction_duration: limits.historicalTransactionMonths,
      vip_expired_time: organization.plan_expires_at?.toISOString() ?? null,
    },
    vip_notice: expiryState(organization),
    vip_extension_num: planExtensionsLeft(organization),
    chain_ids: limits.chainIds,
    created_at: organization.created_at.toISOString(),
    member_count: counts.member_count,
    wallet_count: counts.wallet_count,
  };
}
