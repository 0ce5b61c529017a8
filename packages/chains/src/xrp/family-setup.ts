import { accountSignerKeys } from '../account-family';
import { FamilyError, type FamilyAdapter, type PreparedSetup } from '../family';
import type { XrplAccount, XrplAdapter } from './adapter';
import { isXrpAddress } from './address';
import { blobOf, decodeBlob, sameTransaction, singleSigner, txHashOf, type XrpTx } from './codec';
import { fromNode } from './node-errors';
import { checkedSignerList, sameSignerList, signerListSetFields, type SignerList } from './signer-list';

/** What an XRP wallet stores: its account and the weighted signer list that controls it. */
export interface XrpWalletKeys {
  account: string;
  signers: { address: string; weight: number }[];
  threshold: number;
}

/** AccountSet's asfDisableMaster: afterwards only the signer list can move the account's funds. */
export const ASF_DISABLE_MASTER = 4;
/** A setup transaction must be validated within this many ledgers (about an hour) of being built. */
const SETUP_LEDGERS = 1_200;
/** Fee room kept above the reserves for the setup transactions and the first transfers (drops). */
const FEE_ROOM = 100_000n;

export const xrpKeysOf = (keys: unknown): XrpWalletKeys => keys as XrpWalletKeys;
export const signerListOfKeys = (keys: XrpWalletKeys): SignerList => ({
  quorum: keys.threshold,
  entries: keys.signers.map((s) => ({ account: s.address, weight: s.weight })),
});

export type XrpSetupStep = 'signer_list' | 'disable_master';

/** The next setup step the account needs, or null when the signer list holds it alone. */
export function nextStep(account: XrplAccount, list: SignerList): XrpSetupStep | null {
  if (!sameSignerList(account.signerList, list)) return 'signer_list';
  return account.masterDisabled ? null : 'disable_master';
}

/** Drops the account must hold before its next step: the reserves with the signer list, and fees. */
export async function setupRequired(chain: XrplAdapter, account: XrplAccount): Promise<bigint> {
  const ledger = await chain.ledgerState();
  const owners = BigInt(account.ownerCount + (account.signerList ? 0 : 1));
  return ledger.reserveBase + ledger.reserveInc * owners + FEE_ROOM;
}

/** Fields a setup transaction may carry: the step's own, and what a signer's tool fills in. */
const SETUP_FIELDS = new Set([
  'TransactionType',
  'Account',
  'Fee',
  'Sequence',
  'LastLedgerSequence',
  'Flags',
  'SigningPubKey',
  'TxnSignature',
  'NetworkID',
  'SignerQuorum',
  'SignerEntries',
  'SetFlag',
]);

async function stepTransaction(
  chain: XrplAdapter,
  keys: XrpWalletKeys,
  account: XrplAccount,
  step: XrpSetupStep,
) {
  const [ledger, fee] = await Promise.all([chain.ledgerState(), chain.openLedgerFee()]);
  const fields =
    step === 'signer_list'
      ? signerListSetFields(signerListOfKeys(keys))
      : { TransactionType: 'AccountSet' as const, SetFlag: ASF_DISABLE_MASTER };
  return {
    ...fields,
    Account: keys.account,
    Fee: String(fee),
    Flags: 0,
    Sequence: account.sequence,
    LastLedgerSequence: ledger.ledgerIndex + SETUP_LEDGERS,
  } as XrpTx;
}

/**
 * XRP wallet setup: the wallet is an account whose master key a signer created in their own
 * wallet; once it holds the reserves, that key signs a SignerListSet giving the account to the
 * chosen signers, weights and quorum, then an AccountSet disabling itself — each step read back
 * from the ledger before the next.
 */
export function xrpWalletSetup(
  chain: XrplAdapter,
): Pick<
  FamilyAdapter,
  | 'prepareSetup'
  | 'confirmSetup'
  | 'setupTransaction'
  | 'checkSignedSetup'
  | 'signerKey'
  | 'signerKeyOf'
  | 'verifySignerProof'
> {
  const setupKeys = (setup: PreparedSetup): XrpWalletKeys => xrpKeysOf(setup.walletKeys);

  return {
    async prepareSetup({ keys, threshold, weights, account }) {
      if (!account || !isXrpAddress(account))
        throw new FamilyError('WALLET_ADDRESS_FORMAT_ERROR', { field: 'account_address' });
      const list = checkedSignerList(keys, weights, threshold, account);
      const walletKeys: XrpWalletKeys = {
        account,
        signers: list.entries.map((e) => ({ address: e.account, weight: e.weight })),
        threshold,
      };
      return {
        address: account,
        keys: list.entries.map((e) => e.account),
        onChain: null,
        descriptors: null,
        walletKeys,
      };
    },

    async setupTransaction(setup) {
      const keys = setupKeys(setup);
      return fromNode(async () => {
        const account = await chain.account(keys.account);
        const required = await setupRequired(chain, account);
        const step = nextStep(account, signerListOfKeys(keys));
        if (!account.exists || !step) return { payload: null, hash: null, required, step };
        const tx = await stepTransaction(chain, keys, account, step);
        return { payload: JSON.stringify(tx), hash: null, required, step };
      });
    },

    async checkSignedSetup(setup, raw) {
      const keys = setupKeys(setup);
      const blob = blobOf(raw);
      const signed = decodeBlob(blob);
      if (!signed) throw new FamilyError('PARAMS_INVALID_ERROR', { field: 'raw_tx' });
      const account = await fromNode(() => chain.account(keys.account));
      const step = nextStep(account, signerListOfKeys(keys));
      if (!step) throw new FamilyError('WALLET_STATUS_ERROR');
      const expected = await fromNode(() => stepTransaction(chain, keys, account, step));
      // The signer's tool may have set its own fee and ledger window; everything else must be the step.
      const comparable = {
        ...signed,
        Fee: expected.Fee,
        LastLedgerSequence: expected.LastLedgerSequence,
        Flags: Number(signed.Flags ?? 0),
      };
      if (
        Object.keys(signed).some((f) => !SETUP_FIELDS.has(f)) ||
        !sameTransaction(comparable as XrpTx, expected)
      )
        throw new FamilyError('TASK_DATA_CHANGED_ERROR');
      const ledger = await fromNode(() => chain.ledgerState());
      if (Number(signed.LastLedgerSequence ?? 0) <= ledger.ledgerIndex)
        throw new FamilyError('XRP_LEDGER_WINDOW_ERROR');
      if (BigInt(String(signed.Fee)) > ledger.baseFee * 1_000n)
        throw new FamilyError('TRANSFER_FEE_TOO_HIGH_ERROR');
      // Before the hand-over the account's master key alone signs for it.
      if (singleSigner(signed) !== keys.account) throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      return { hash: txHashOf(blob), from: keys.account };
    },

    async confirmSetup(address, expected) {
      const list: SignerList = {
        quorum: expected.threshold,
        entries: expected.owners.map((o, i) => ({ account: o, weight: expected.weights?.[i] ?? 1 })),
      };
      const account = await chain.account(address);
      const step = nextStep(account, list);
      if (!step) return 'ready';
      // Someone else's list, or a master key disabled for another key: not the wallet the wizard chose.
      if ((account.signerList && step === 'signer_list') || account.masterDisabled) return 'different';
      if (!account.exists || account.balance < (await setupRequired(chain, account))) return 'unfunded';
      return 'pending';
    },

    ...accountSignerKeys('XRP', chain, isXrpAddress),
  };
}
