import { createHash } from 'node:crypto';
import { encode } from 'ripple-binary-codec';
import { accountBalances } from '../account-family';
import { isChainError } from '../errors';
import { FamilyError, type FamilyAdapter, type FamilyWallet, type StoredTransfer } from '../family';
import { blockFacts } from '../followed';
import type { XrplAdapter } from './adapter';
import { recipientParts } from './address';
import { currencySymbol, issuedKey, issuedOf, ISSUED_DECIMALS } from './amounts';
import {
  blobOf,
  decodeBlob,
  multisignBytes,
  multisignedBlob,
  sameTransaction,
  txHashOf,
  validSigner,
  type XrpSigner,
  type XrpTx,
} from './codec';
import { xrpDeposits } from './deposits';
import { xrpKeysOf, xrpWalletSetup } from './family-setup';
import { fromNode } from './node-errors';
import { weightsOf } from './signer-list';
import {
  buildXrpTransfer,
  FASTEST_LEDGER_MS,
  readXrpTransferState,
  WINDOW_LEDGERS,
  xrpMaxSendable,
  type XrpPayload,
  type XrpTransferState,
} from './transfer';

const payloadOf = (stored: Pick<StoredTransfer, 'payload'>): XrpPayload =>
  JSON.parse(stored.payload) as XrpPayload;
const expiresAt = (stored: StoredTransfer) => new Date(payloadOf(stored).expires_at);
/** An identifier of the unsigned transaction (signers each sign their own bytes; the final id needs them all). */
const unsignedId = (tx: XrpTx) =>
  createHash('sha512')
    .update(Buffer.from(encode(tx as never), 'hex'))
    .digest('hex')
    .slice(0, 64)
    .toUpperCase();

/** The multisignatures in a submission: a signed blob, a signed tx_json, or Signer entries. */
function submittedSigners(text: string, tx: XrpTx): XrpSigner[] {
  const bare = text.replace(/^0x/, '');
  let value: unknown;
  if (/^[0-9a-fA-F]+$/.test(bare)) value = decodeBlob(bare);
  else {
    try {
      value = JSON.parse(text);
    } catch {
      value = null;
    }
  }
  if (!value || typeof value !== 'object') throw new FamilyError('SIGNATURE_INVALID_ERROR');
  const object = value as { tx_blob?: string; Signers?: unknown; Signer?: unknown; TransactionType?: string };
  if (typeof object.tx_blob === 'string') return submittedSigners(object.tx_blob, tx);
  if (object.TransactionType) {
    // A whole signed transaction: it must be ours, and only its signatures count.
    if (!sameTransaction(object as XrpTx, tx)) throw new FamilyError('TASK_DATA_CHANGED_ERROR');
    return (Array.isArray(object.Signers) ? object.Signers : []) as XrpSigner[];
  }
  const entries = Array.isArray(value) ? value : [value];
  return entries.map((e) => ((e as XrpSigner).Signer ? (e as XrpSigner) : ({ Signer: e } as XrpSigner)));
}

/**
 * The XRP Ledger family: an account handed by SignerListSet to weighted signers, its master key
 * disabled. The payload is the Payment every signer signs (SigningPubKey empty, Fee for every
 * signer's slot); each signature is checked over the multisigning bytes for the signer's own
 * account and weighed by the on-chain signer list; at the quorum the server sorts the Signers,
 * submits the blob and reads the result back from a validated ledger.
 */
export function createXrpFamily(chain: XrplAdapter): FamilyAdapter {
  const signerList = async (wallet: FamilyWallet) =>
    (await fromNode(() => chain.account(wallet.address))).signerList;

  return {
    chain,
    capabilities: {
      tokens: true,
      batch: false,
      preSign: false,
      destinationTag: true,
      coinControl: false,
      spendsCoins: false,
      feeUnit: 'drops',
      // A multisigned payment's fee is fixed when it is signed; a stuck one simply expires.
      speedUp: 'none',
      revokeSigned: 'release',
      broadcast: 'server-finalizes',
      // A validated ledger is final: the XRP Ledger does not reorganize.
      finalityDepth: 1,
      addressScript: null,
      setupDeposit: 1_300_000n,
      protocols: {
        key: 'an XRPL classic address (r…)',
        ownership:
          'the challenge message signed by the account key (ripple-keypairs: secp256k1 DER over SHA-512Half, or ed25519), given as "public key:signature"',
        transfer:
          'the multisigning bytes for the signer’s own account (0x534D5400 ‖ transaction ‖ account id), signed as a Signer entry {Account, SigningPubKey, TxnSignature}',
      },
    },

    ...xrpWalletSetup(chain),
    deposits: xrpDeposits(chain),

    readBalances: (wallets, tokens) => accountBalances(chain, wallets, tokens, fromNode),

    async token(contract) {
      const issued = issuedOf(contract);
      const issuer = await fromNode(() => chain.account(issued.issuer));
      if (!issuer.exists) throw new FamilyError('TOKEN_NOT_FOUND_ERROR');
      const symbol = currencySymbol(issued.currency);
      return {
        contract: issuedKey(issued),
        symbol,
        decimals: ISSUED_DECIMALS,
        name: `${symbol} (${issued.issuer})`,
      };
    },

    recipient(address) {
      const { account, tag } = recipientParts(address);
      // An X-address keeps its tag; a classic address is the account itself.
      return tag === null ? account : address;
    },

    readTransferState: (wallet, intent) => fromNode(() => readXrpTransferState(chain, wallet, intent)),
    buildTransfer: async (wallet, intent, state, held) =>
      buildXrpTransfer(wallet, intent, state as XrpTransferState, held),
    maxSendable: (wallet, intent, state, held) =>
      xrpMaxSendable(wallet, intent, state as XrpTransferState, held),

    signingView(wallet, stored) {
      const { tx_json: tx, signers } = payloadOf(stored);
      return {
        tx_json: tx,
        unsigned_id: unsignedId(tx),
        last_ledger_sequence: tx.LastLedgerSequence,
        expiration: expiresAt(stored).toISOString(),
        // Each signer signs its own bytes: the transaction followed by its account id.
        signing_bytes: Object.fromEntries(
          xrpKeysOf(wallet.keys).signers.map((s) => [s.address, multisignBytes(tx, s.address)]),
        ),
        signed_by: signers.map((s) => s.Signer.Account),
      };
    },

    reviewView(_wallet, stored) {
      const { tx_json: tx } = payloadOf(stored);
      return {
        transaction_type: tx.TransactionType,
        destination: tx.Destination,
        destination_tag: tx.DestinationTag ?? null,
        amount: tx.Amount,
        fee_drops: tx.Fee,
        sequence: tx.Sequence,
        last_ledger_sequence: tx.LastLedgerSequence,
      };
    },

    signingWindow: {
      async open(wallet, stored) {
        // Stamped when signing starts: the account's Sequence now and the last ledger it may land in.
        const payload = payloadOf(stored);
        const [ledger, account] = await fromNode(() =>
          Promise.all([chain.ledgerState(), chain.account(wallet.address)]),
        );
        const tx = {
          ...payload.tx_json,
          Sequence: account.sequence,
          LastLedgerSequence: ledger.ledgerIndex + WINDOW_LEDGERS,
        };
        const until = new Date(Date.now() + WINDOW_LEDGERS * FASTEST_LEDGER_MS);
        return {
          payload: JSON.stringify({
            tx_json: tx,
            signers: [],
            expires_at: until.toISOString(),
          } satisfies XrpPayload),
          payloadHash: unsignedId(tx),
          expiresAt: until,
        };
      },
      expiresAt,
    },

    async verifySubmission(wallet, stored, submission) {
      const { tx_json: tx } = payloadOf(stored);
      if (expiresAt(stored).getTime() <= Date.now()) throw new FamilyError('XRP_LEDGER_WINDOW_ERROR');
      const text = submission.signature?.trim() ?? '';
      if (!text) throw new FamilyError('SIGNATURE_EMPTY_ERROR');
      const entries = submittedSigners(text, tx);
      if (entries.length === 0) throw new FamilyError('SIGNATURE_EMPTY_ERROR');
      const keys = new Set(xrpKeysOf(wallet.keys).signers.map((s) => s.address));
      return entries.map((entry) => {
        const signer = entry.Signer;
        if (!signer || typeof signer.Account !== 'string') throw new FamilyError('SIGNATURE_INVALID_ERROR');
        if (!keys.has(signer.Account)) throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
        if (!validSigner(tx, entry)) throw new FamilyError('SIGNATURE_INVALID_ERROR');
        const proof = {
          Signer: {
            Account: signer.Account,
            SigningPubKey: signer.SigningPubKey.toUpperCase(),
            TxnSignature: signer.TxnSignature.toUpperCase(),
          },
        };
        return {
          signerKey: signer.Account,
          kind: 'xrpl',
          proof: JSON.stringify(proof),
          audit: { signer: signer.Account, public_key: proof.Signer.SigningPubKey },
        };
      });
    },

    async currentThreshold(wallet, _stored, keys) {
      const list = await signerList(wallet);
      const weights = weightsOf(list);
      if (!list || keys.some((k) => !weights.get(k)))
        throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      return list.quorum;
    },

    keyWeights: async (wallet) => weightsOf(await signerList(wallet)),

    mergeSignatures(_wallet, payload, _submission, verified) {
      const current = JSON.parse(payload) as XrpPayload;
      const have = new Set(current.signers.map((s) => s.Signer.Account));
      const added = verified
        .map((v) => JSON.parse(v.proof) as XrpSigner)
        .filter((s) => !have.has(s.Signer.Account));
      return JSON.stringify({ ...current, signers: [...current.signers, ...added] });
    },

    finalize(wallet, stored) {
      const { tx_json: tx, signers } = payloadOf(stored);
      const keys = xrpKeysOf(wallet.keys);
      const weightOf = new Map(keys.signers.map((k) => [k.address, k.weight]));
      const valid = signers.filter((s) => weightOf.has(s.Signer.Account) && validSigner(tx, s));
      const weight = valid.reduce((sum, s) => sum + weightOf.get(s.Signer.Account)!, 0);
      if (weight < keys.threshold)
        throw new FamilyError('TASK_STATUS_ERROR', { reason: 'signatures_below_threshold' });
      const raw = multisignedBlob(tx, valid);
      return { raw, txHash: txHashOf(raw), fee: stored.fee.total, vsize: null };
    },

    async relay(raw) {
      const blob = blobOf(raw);
      let outcome: { result: string; message: string };
      try {
        outcome = await chain.submit(blob);
      } catch (error) {
        if (isChainError(error, 'RPC_ERROR')) throw new FamilyError('RELAY_UNREACHABLE');
        throw new FamilyError('BROADCAST_REJECTED_ERROR', {}, (error as Error).message);
      }
      const { result, message } = outcome;
      // tec: in a ledger with its fee taken but failed — following it reports the failure.
      if (/^(tes|ter|tec)/.test(result)) return 'sent';
      if (result === 'tefALREADY') return 'known';
      if (result === 'tefPAST_SEQ' && (await chain.transaction(txHashOf(blob)).catch(() => null)))
        return 'known';
      if (result === 'tefMAX_LEDGER') throw new FamilyError('XRP_LEDGER_WINDOW_ERROR', {}, message);
      if (/^(telINSUF_FEE|terINSUF_FEE)/.test(result))
        throw new FamilyError('BROADCAST_INSUFFICIENT_FEE_ERROR', {}, message);
      throw new FamilyError('BROADCAST_REJECTED_ERROR', {}, `${result}: ${message}`);
    },

    async follow(txHash, stored) {
      const result = await chain.getConfirmation(txHash);
      if (result.state === 'confirmed') return { state: 'executed', ...blockFacts(result) };
      if (result.state === 'failed')
        return { state: 'failed', reason: result.reason ?? 'FAILED', ...blockFacts(result) };
      // Past its LastLedgerSequence in a validated ledger, a transaction can never be applied.
      const last = lastLedgerOf(stored);
      if (last !== null && (await chain.ledgerState()).ledgerIndex > last)
        return { state: 'failed', reason: 'tefMAX_LEDGER' };
      return { state: result.state };
    },
  };
}

function lastLedgerOf(stored: StoredTransfer): number | null {
  try {
    const last = payloadOf(stored).tx_json.LastLedgerSequence;
    return typeof last === 'number' ? last : null;
  } catch {
    return null;
  }
}
