import { FamilyError } from '../family';
import { isXrpAddress } from './address';

/** A SignerList holds at most 32 entries (the ExpandedSignerList amendment; 8 before it). */
export const MAX_SIGNERS = 32;

export interface SignerEntry {
  account: string;
  weight: number;
}

export interface SignerList {
  quorum: number;
  entries: SignerEntry[];
}

/** A SignerList ledger object (account_objects / account_info signer_lists) as entries and quorum. */
export function signerListOf(object: unknown): SignerList {
  const raw = object as {
    SignerQuorum?: number;
    SignerEntries?: { SignerEntry: { Account: string; SignerWeight: number } }[];
  };
  return {
    quorum: Number(raw.SignerQuorum ?? 0),
    entries: (raw.SignerEntries ?? []).map(({ SignerEntry: e }) => ({
      account: e.Account,
      weight: Number(e.SignerWeight),
    })),
  };
}

/**
 * The wizard's signers as a list the ledger accepts: at most 32, each once, never the wallet's own
 * account, weights of 1 to 65535, and a quorum the weights can reach.
 */
export function checkedSignerList(
  keys: unknown[],
  weights: number[] | undefined,
  quorum: number,
  account: string,
): SignerList {
  if (keys.length === 0) throw new FamilyError('THRESHOLD_MISMATCH_ERROR');
  if (keys.length > MAX_SIGNERS) throw new FamilyError('XRP_SIGNER_LIST_KEYS_ERROR');
  const accounts = keys.map((k) => String(k));
  if (accounts.some((a) => !isXrpAddress(a))) throw new FamilyError('WALLET_ADDRESS_FORMAT_ERROR');
  if (new Set(accounts).size !== accounts.length)
    throw new FamilyError('PARAMS_INVALID_ERROR', { field: 'signers' });
  if (accounts.includes(account)) throw new FamilyError('XRP_SIGNER_OWN_ACCOUNT_ERROR');
  const given = weights ?? accounts.map(() => 1);
  if (given.length !== accounts.length || given.some((w) => !Number.isInteger(w) || w < 1 || w > 65_535))
    throw new FamilyError('PARAMS_INVALID_ERROR', { field: 'weights' });
  if (!Number.isInteger(quorum) || quorum < 1) throw new FamilyError('THRESHOLD_MISMATCH_ERROR');
  if (given.reduce((a, b) => a + b, 0) < quorum) throw new FamilyError('SIGNER_WEIGHT_THRESHOLD_ERROR');
  return { quorum, entries: accounts.map((a, i) => ({ account: a, weight: given[i]! })) };
}

/** Same signers, weights and quorum, in any order. */
export function sameSignerList(a: SignerList | null, b: SignerList): boolean {
  if (!a || a.quorum !== b.quorum || a.entries.length !== b.entries.length) return false;
  const weightOf = new Map(a.entries.map((e) => [e.account, e.weight]));
  return b.entries.every((e) => weightOf.get(e.account) === e.weight);
}

export const weightsOf = (list: SignerList | null): Map<string, number> =>
  new Map((list?.entries ?? []).map((e) => [e.account, e.weight]));

/** The SignerListSet fields that give the account to this list. */
export const signerListSetFields = (list: SignerList) => ({
  TransactionType: 'SignerListSet' as const,
  SignerQuorum: list.quorum,
  SignerEntries: list.entries.map((e) => ({ SignerEntry: { Account: e.account, SignerWeight: e.weight } })),
});
