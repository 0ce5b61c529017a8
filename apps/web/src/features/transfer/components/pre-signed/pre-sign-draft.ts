import type { Label } from '@keystead/contract/api/labels';
import type { PreSignBody } from '../../api/pre-sign-estimate';
import type { FeeTier } from '../../api/types';
import { GWEI_PATTERN } from '../wizard/fee-picker';

/** At most this many pre-signed transfers per wallet (§5). */
export const PRE_SIGN_MAX = 10;

export interface PreSignItemDraft {
  /** A stable React key. */
  key: number;
  name: string;
  to: string;
  /** The token's contract, or null for the chain's coin. */
  token: string | null;
  amount: string;
  feeTier: FeeTier;
  customFee: string;
}

export interface PreSignDraft {
  walletId: number;
  items: PreSignItemDraft[];
  fundPurpose: Label | null;
  remark: string;
}

export type ItemErrors = Partial<Record<'name' | 'to' | 'amount' | 'fee', string>>;

let nextKey = 1;
export const emptyItem = (): PreSignItemDraft => ({
  key: nextKey++,
  name: '',
  to: '',
  token: null,
  amount: '',
  feeTier: 'standard',
  customFee: '',
});

export const emptyPreSignDraft = (walletId: number): PreSignDraft => ({
  walletId,
  items: [emptyItem()],
  fundPurpose: null,
  remark: '',
});

/** §5: a name (1–40), a recipient, an amount above zero, a fee; the error keys of each item. */
export function itemErrors(item: PreSignItemDraft): ItemErrors {
  const errors: ItemErrors = {};
  const name = item.name.trim();
  if (!name || name.length > 40) errors.name = 'name';
  if (!item.to.trim()) errors.to = 'to';
  if (!/^\d+(\.\d+)?$/.test(item.amount.trim()) || Number(item.amount) <= 0) errors.amount = 'amount';
  if (item.feeTier === 'custom' && !GWEI_PATTERN.test(item.customFee)) errors.fee = 'fee';
  return errors;
}

/** The body of POST /fee/pre-signature and /task/pre-signature. */
export function preSignBody(draft: PreSignDraft): PreSignBody {
  const remark = draft.remark.trim();
  return {
    wallet_id: draft.walletId,
    transfers: draft.items.map((item) => ({
      name: item.name.trim(),
      to: item.to.trim(),
      amount: item.amount.trim(),
      ...(item.token ? { token: item.token } : {}),
      fee_tier: item.feeTier,
      ...(item.feeTier === 'custom' ? { custom_fee_gwei: item.customFee } : {}),
      ...(remark ? { remark } : {}),
      ...(draft.fundPurpose ? { label_id: draft.fundPurpose.id } : {}),
    })),
  };
}
