import type { RecoveryKeyDraft } from '../../timelock-recovery';

/** The wallet-create wizard's form (§3 wallet create form: source_type 1, sign_type 1 by default). */
export interface WalletDraft {
  kind: 'multi' | 'single';
  name: string;
  remark?: string;
  chain_key: string;
  signers: number[];
  threshold: number;
  approvers: number[];
  approval_threshold: number;
  operators: number[];
  viewers: number[];
  risk_control_users: number[];
  broadcast_scope: 2 | 3 | 4;
  address: string;
  /** Tron and XRP: each signer's weight (the order of `signers`); the threshold is then a weight. */
  weights: number[];
  /** Tron and XRP: the account the signers take over (its current key signs the hand-over). */
  account_address: string;
  /** Family spaces: what the wallet is for (3 inheritance, 4 common, 5 backup/shared). */
  family_address_type?: 3 | 4 | 5;
  /** Bitcoin and Litecoin multisig: an emergency key that alone spends coins this many blocks old. */
  recovery: RecoveryKeyDraft | null;
}

export const emptyDraft = (): WalletDraft => ({
  kind: 'multi',
  name: '',
  chain_key: '',
  signers: [],
  threshold: 2,
  approvers: [],
  approval_threshold: 0,
  operators: [],
  viewers: [],
  risk_control_users: [],
  broadcast_scope: 3,
  address: '',
  weights: [],
  account_address: '',
  recovery: null,
});

export interface StepProps {
  draft: WalletDraft;
  onBack: () => void;
  onNext: (patch: Partial<WalletDraft>) => void;
}
