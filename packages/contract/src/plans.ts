import type { PlanName } from './enums';

/**
 * The one table of plan limits (issue "Spaces"). The spec leaves the free plan's numbers open;
 * these are ours, documented in the README. `null` means unlimited.
 */
export interface PlanLimits {
  members: number;
  multisigWallets: number;
  singleWallets: number;
  /** Chain ids a space on this plan may use; null = every supported chain. */
  chainIds: readonly (number | string)[] | null;
  transferRecordMonths: number;
  historicalTransactionMonths: number;
  paymentAddresses: number;
  /** Paid features (§6): batch, pre-signed, advanced search, exchange adding. */
  paidFeatures: boolean;
  /** Recipients one batch transfer may pay (0: no batches on this plan). */
  batchRecipients: number;
}

/** Chain ids of the free plan's chains (Bitcoin, Ethereum, Tron) plus the local devnets. */
export const FREE_PLAN_CHAIN_IDS = ['btc', 1, 'trx', 31337, 11155111, 'ltc-regtest'] as const;

export const PLANS: Record<PlanName, PlanLimits> = {
  free: {
    members: 5,
    multisigWallets: 3,
    singleWallets: 3,
    chainIds: FREE_PLAN_CHAIN_IDS,
    transferRecordMonths: 1,
    historicalTransactionMonths: 1,
    paymentAddresses: 1,
    paidFeatures: false,
    batchRecipients: 0,
  },
  plus: {
    members: 20,
    multisigWallets: 30,
    singleWallets: 30,
    chainIds: null,
    transferRecordMonths: 12,
    historicalTransactionMonths: 12,
    paymentAddresses: 5,
    paidFeatures: true,
    batchRecipients: 200,
  },
  enterprise: {
    members: 200,
    multisigWallets: 500,
    singleWallets: 500,
    chainIds: null,
    transferRecordMonths: 36,
    historicalTransactionMonths: 36,
    paymentAddresses: 20,
    paidFeatures: true,
    batchRecipients: 500,
  },
};

/** Spaces one user may create (§9 "org number 4"). */
export const MAX_SPACES_PER_CREATOR = 4;
/** Pending invitations expire after this long (then "ask an admin to re-invite"). */
export const INVITATION_LIFETIME_DAYS = 7;
/** A subscription is "about to expire" this many days before its end. */
export const EXPIRY_WARNING_DAYS = 7;
