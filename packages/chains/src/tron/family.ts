import { isChainError } from '../errors';
import { FamilyError, type FamilyAdapter, type FamilyWallet, type StoredTransfer } from '../family';

import type { TronAdapter } from './adapter';
import { isTronAddress } from './address';
import { tronDeposits } from './deposits';
import { fromNode } from './node-errors';
import { blockFacts } from '../followed';
import { tronKeysOf, tronWalletSetup } from './family-setup';
import { ACTIVE_PERMISSION_ID, weightsOf } from './permissions';
import {
  parseTronTransaction,
  encoded,
  recoverTronSigner,
  referenceOf,
  signedTransactionHex,
  type TronTransaction,
} from './transaction';
import {
  buildTronTransfer,
  readTronTransferState,
  SIGNING_WINDOW_MS,
  tronMaxSendable,
  type TronTransferState,
} from './transfer';

const payloadOf = (stored: Pick<StoredTransfer, 'payload'>): TronTransaction =>
  JSON.parse(stored.payload) as TronTransaction;

/**
 * The Tron family: an account whose owner and active permissions belong to the signers with
 * weights. The payload is the unsigned transaction (JSON, permission id 2); each signature is
 * checked against sha256(raw data) and counted with the key's weight in the on-chain active
 * permission; at the threshold the server appends the signatures and relays the transaction.
 */
export function createTronFamily(chain: TronAdapter): FamilyAdapter {
  const activePermission = async (wallet: FamilyWallet) => {
    const account = await fromNode(() => chain.account(wallet.address));
    return account.actives.find((a) => (a.id ?? ACTIVE_PERMISSION_ID) === ACTIVE_PERMISSION_ID);
  };
  const expiresAt = (stored: StoredTransfer) => new Date(payloadOf(stored).raw_data.expiration);

  return {
    chain,
    capabilities: {
      tokens: true,
      batch: false,
      preSign: false,
      coinControl: false,
      spendsCoins: false,
      feeUnit: 'energy',
      // The chain has no fee market: a transfer's fee is what its energy and bytes cost.
      speedUp: 'none',
      revokeSigned: 'release',
      broadcast: 'server-finalizes',
      // Tron's solidified blocks: 2/3 of the 27 super representatives have built on it (19 blocks).
      finalityDepth: 19,
      addressScript: null,
      setupDeposit: 200_000_000n,
      protocols: {
        key: 'a Tron address (T…, base58check)',
        ownership: 'TIP-191 signMessageV2 of the challenge message (TronLink, Ledger, Trezor)',
        transfer:
          'the transaction id, sha256 of the raw data (permission id 2), signed with secp256k1: 65-byte r‖s‖v, as TronLink signTransaction appends it',
      },
    },

    ...tronWalletSetup(chain),
    deposits: tronDeposits(chain),

    async readBalances(wallets, tokens) {
      const sheet = await fromNode(() =>
        chain.getBalances(
          wallets.map((w) => w.address),
          tokens,
        ),
      );
      return new Map(wallets.map((w) => [w.address, sheet.get(w.address) ?? new Map()]));
    },

    async token(contract) {
      if (!isTronAddress(contract)) throw new FamilyError('CHAIN_ADDRESS_INVALID_ERROR', { param: 'TRX' });
      const info = await chain.tokenInfo(contract).catch(() => {
        throw new FamilyError('TOKEN_NOT_FOUND_ERROR');
      });
      return { contract, ...info };
    },

    recipient(address) {
      if (!isTronAddress(address)) throw new FamilyError('CHAIN_ADDRESS_INVALID_ERROR', { param: 'TRX' });
      return address;
    },

    readTransferState: (wallet, intent) => fromNode(() => readTronTransferState(chain, wallet, intent)),
    buildTransfer: async (wallet, intent, state, held) =>
      buildTronTransfer(wallet, intent, state as TronTransferState, held),
    maxSendable: (wallet, intent, state, held) =>
      tronMaxSendable(wallet, intent, state as TronTransferState, held),

    signingView(_wallet, stored) {
      const tx = payloadOf(stored);
      return {
        tx_id: tx.txID,
        raw_data_hex: tx.raw_data_hex,
        transaction: tx,
        expiration: expiresAt(stored).toISOString(),
      };
    },

    signingWindow: {
      async open(_wallet, stored) {
        // The chain refuses a transaction more than 24 h past its reference block: stamp it now.
        const tx = payloadOf(stored);
        const head = await fromNode(() => chain.headBlock());
        const again = encoded({ ...tx.raw_data, ...referenceOf(head, SIGNING_WINDOW_MS) });
        return {
          payload: JSON.stringify({ ...again, signature: [], visible: false }),
          payloadHash: again.txID,
          expiresAt: new Date(again.raw_data.expiration),
        };
      },
      expiresAt,
    },

    async verifySubmission(wallet, stored, submission) {
      const tx = payloadOf(stored);
      if (expiresAt(stored).getTime() <= Date.now()) throw new FamilyError('TRON_SIGN_TIMEOUT_ERROR');
      const text = submission.signature?.trim() ?? '';
      if (!text) throw new FamilyError('SIGNATURE_EMPTY_ERROR');
      let signatures: string[];
      if (text.startsWith('{')) {
        // The whole transaction as the signer's wallet returned it: only its new signatures count.
        let signed: TronTransaction;
        try {
          signed = parseTronTransaction(text);
        } catch {
          throw new FamilyError('SIGNATURE_INVALID_ERROR');
        }
        if (signed.txID !== tx.txID) throw new FamilyError('TASK_DATA_CHANGED_ERROR');
        signatures = signed.signature.filter((s) => !tx.signature.includes(s));
      } else {
        signatures = [text.replace(/^0x/, '').toLowerCase()];
      }
      if (signatures.length === 0) throw new FamilyError('SIGNATURE_EMPTY_ERROR');
      const keys = new Set(tronKeysOf(wallet.keys).signers.map((s) => s.address));
      return signatures.map((signature) => {
        const signer = recoverTronSigner(tx.txID, signature);
        if (!signer) throw new FamilyError('SIGNATURE_INVALID_ERROR');
        if (!keys.has(signer)) throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
        return { signerKey: signer, kind: 'tron', proof: signature, audit: { signer, tx_id: tx.txID } };
      });
    },

    async currentThreshold(wallet, _stored, keys) {
      const active = await activePermission(wallet);
      const weights = weightsOf(active);
      if (!active || keys.some((k) => !weights.get(k)))
        throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      return Number(active.threshold);
    },

    async keyWeights(wallet) {
      return weightsOf(await activePermission(wallet));
    },

    mergeSignatures(_wallet, payload, _submission, verified) {
      const tx = JSON.parse(payload) as TronTransaction;
      const signature = [
        ...tx.signature,
        ...verified.map((v) => v.proof).filter((p) => !tx.signature.includes(p)),
      ];
      return JSON.stringify({ ...tx, signature });
    },

    finalize(wallet, stored) {
      const tx = payloadOf(stored);
      // The weights signed so far by the wallet's keys (the lifecycle checked them on chain when counted).
      const keys = tronKeysOf(wallet.keys);
      const weightOf = new Map(keys.signers.map((k) => [k.address, k.weight]));
      const signers = new Set(tx.signature.map((sig) => recoverTronSigner(tx.txID, sig)));
      const weight = [...signers].reduce((sum, a) => sum + (a ? (weightOf.get(a) ?? 0) : 0), 0);
      if (weight < keys.threshold)
        throw new FamilyError('TASK_STATUS_ERROR', { reason: 'signatures_below_threshold' });
      return {
        raw: signedTransactionHex(tx),
        txHash: tx.txID,
        fee: stored.fee.total,
        vsize: stored.fee.vsize,
      };
    },

    async relay(raw) {
      try {
        await chain.broadcast(
          raw.trim().startsWith('{') ? signedTransactionHex(parseTronTransaction(raw)) : raw,
        );
        return 'sent';
      } catch (error) {
        if (!isChainError(error)) throw error;
        if (error.code === 'ALREADY_KNOWN') return 'known';
        if (error.code === 'RPC_ERROR') throw new FamilyError('RELAY_UNREACHABLE');
        if (/expir/i.test(error.message)) throw new FamilyError('TRON_SIGN_TIMEOUT_ERROR', {}, error.message);
        const code =
          error.code === 'INSUFFICIENT_FUNDS'
            ? 'BROADCAST_INSUFFICIENT_FEE_ERROR'
            : 'BROADCAST_REJECTED_ERROR';
        throw new FamilyError(code, {}, error.message);
      }
    },

    async follow(txHash) {
      const result = await chain.getConfirmation(txHash);
      if (result.state === 'unknown' || result.state === 'pending') return { state: result.state };
      const block = blockFacts(result);
      // Out of energy or a revert still lands in a block and burns its fee.
      if (result.state === 'failed') return { state: 'failed', reason: result.reason ?? 'FAILED', ...block };
      return { state: 'executed', ...block };
    },
  };
}
