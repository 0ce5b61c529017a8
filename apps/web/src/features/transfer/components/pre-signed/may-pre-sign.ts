import type { OrganizationBaseInfo } from '@/features/organization';

/** Pre-signed transfers are a paid-plan feature (§6): the plan lists 'pre_signature_transfer'. */
export const mayPreSign = (space: Pick<OrganizationBaseInfo, 'vip_data'>): boolean =>
  (space.vip_data.transfer_category ?? []).map(String).includes('pre_signature_transfer');
