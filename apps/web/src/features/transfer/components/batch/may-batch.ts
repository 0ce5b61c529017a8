import type { OrganizationBaseInfo } from '@/features/organization';

/** Batch transfers are a paid-plan feature (§6): the space's plan lists 'batch_transfer'. */
export const mayBatch = (space: Pick<OrganizationBaseInfo, 'vip_data'>): boolean =>
  (space.vip_data.transfer_category ?? []).map(String).includes('batch_transfer');
