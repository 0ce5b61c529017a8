import type { Label } from '@keystead/contract/api/labels';
import type { FeeTier } from '../../api/types';

/** §3 Transfer creation draft (regular transfer): the wallet, the asset, recipient, amount and fee. */
export interface TransferDraft {
  walletId: number;
  /** The token contract, or null for the native coin. */
  token: string | null;
  symbol: string;
  decimals: number;
  to: string;
  amount: string;
  maxMode: boolean;
  /** The recipient's risk tags as last read, and whether the similar-address warning was accepted. */
  tags: number[];
  acknowledgeSimilar: boolean;
  feeTier: FeeTier;
  customFeeGwei: string;
  remark: string;
  /** Bitcoin family: the second and further recipients (one transaction, many outputs). */
  outputs: Array<{ to: string; amount: string }>;
  /** Bitcoin family: the outpoints chosen by hand ("txid:vout"); empty for automatic coin selection. */
  utxos: string[];
  /** Bitcoin family: the custom fee rate in sat/vB. */
  customFeeRate: string;
  /** XRP: the destination tag as typed ('' for none); an exchange account needs it to credit the right customer. */
  destinationTag: string;
  /** The fund purpose (a label of the space); required where the wallet's asset-tag switch is on. */
  fundPurpose: Label | null;
}

export const emptyDraft = (walletId = 0): TransferDraft => ({
  walletId,
  token: null,
  symbol: '',
  decimals: 18,
  to: '',
  amount: '',
  maxMode: false,
  tags: [],
  acknowledgeSimilar: false,
  feeTier: 'standard',
  customFeeGwei: '',
  remark: '',
  outputs: [],
  utxos: [],
  customFeeRate: '',
  destinationTag: '',
  fundPurpose: null,
});
