import {
  FamilyError,
  type FamilyAdapter,
  type FamilyWallet,
  type FeeChoice,
  type PreparedTransfer,
  type StoredTransfer,
} from '../family';
import { NATIVE } from '../types';
import type { BitcoinAdapter } from './adapter';
import type { WalletUtxo } from './coin-select';
import { isBitcoinError } from './errors';
import { mapped, mappedSync } from './family-errors';
import type { BitcoinChainKey } from './networks';
import type { SignerKey } from './keys';
import { buildSpendPsbt } from './psbt-build';
import {
  addPartialSignatures,
  finalizePsbt,
  partialSignatures,
  readPsbt,
  signingRequests,
} from './psbt-sign';
import { buildReplacementPsbt } from './rbf';
import { submittedSignatures } from './submitted-signatures';
import { bitcoinWalletSetup, feeRateFor, multisigOf, scanCounts } from './family-setup';
import { bitcoinTimelockRecovery } from './family-recovery';
import { maxSweep } from './max-sendable';
import { bitcoinDeposits } from './deposits';
import { satsToCoins } from './units';

interface BitcoinTransferState {
  feeRate: number;
  utxos: WalletUtxo[];
}

const outpointOf = (u: { txid: string; vout: number }) => `${u.txid}:${u.vout}`;

/**
 * The Bitcoin family (BTC, LTC, BCH): a sortedmulti P2WSH (P2SH on Bitcoin Cash) wallet. The
 * payload is a PSBT; every partial signature is verified against its key and the input's
 * digest and kept in the stored PSBT; the server finalizes at the threshold and relays. A
 * speed-up is a replacement (BIP-125) signed again; revoking a signed one releases its coins.
 */
export function createBitcoinFamily(adapter: BitcoinAdapter): FamilyAdapter {
  const chain = adapter.info.key as BitcoinChainKey;
  const network = adapter.network;
  const multisig = (wallet: FamilyWallet) => multisigOf(chain, wallet);
  const feeRateOf = (fee: FeeChoice) => feeRateFor(adapter, fee);
  /** Wallet key of every public key in the PSBT's inputs (by each input's BIP-32 origin). */
  const keysByPubkey = (payload: string, wallet: FamilyWallet): Map<string, SignerKey> => {
    const keys = wallet.keys as SignerKey[];
    const map = new Map<string, SignerKey>();
    for (const input of readPsbt(payload, network).data.inputs) {
      for (const d of input.bip32Derivation ?? []) {
        const fingerprint = Buffer.from(d.masterFingerprint).toString('hex');
        const path = d.path.replace(/h/g, "'");
        const match = keys.find((k) => k.fingerprint === fingerprint && path.startsWith(`${k.path}/`));
        if (match) map.set(Buffer.from(d.pubkey).toString('hex'), match);
      }
    }
    return map;
  };
  /**
   * Signatures of the submitted PSBT, each verified — also those inside inputs the signer's tool
   * already finalized (Litecoin Core's walletprocesspsbt) — and those `payload` does not hold yet.
   */
  const signaturesOf = (payload: string, submitted: string) => {
    const present = new Set(partialSignatures(payload, chain).map((s) => `${s.inputIndex}:${s.pubkey}`));
    const all = mappedSync(() => submittedSignatures(submitted, payload, chain));
    return { all, fresh: all.filter((s) => !present.has(`${s.inputIndex}:${s.pubkey}`)) };
  };
  const unsignedId = (psbt: string) =>
    Buffer.from(readPsbt(psbt, network).data.globalMap.unsignedTx.toBuffer()).toString('hex');
  const prepared = (
    built: { psbt: string; fee: bigint; vsize: number },
    threshold: number,
    feeRate: number,
  ) => ({
    payload: built.psbt,
    payloadHash: null,
    sequence: null,
    signingThreshold: threshold,
    fee: { total: built.fee, rate: String(feeRate), vsize: built.vsize },
  });

  return {
    chain: adapter,
    capabilities: {
      tokens: false,
      batch: true,
      preSign: true,
      coinControl: true,
      spendsCoins: true,
      feeUnit: 'sat/vB',
      speedUp: 'replacement',
      revokeSigned: 'release',
      broadcast: 'server-finalizes',
      // The customary six confirmations.
      finalityDepth: 6,
      addressScript: network.scriptType,
      setupDeposit: 0n,
      protocols: {
        key: 'an account xpub with its origin [fingerprint/derivation path] (BIP-32/48)',
        ownership:
          'BIP-137 signed message (base64, 65 bytes) of the challenge with a key derived from the xpub',
        transfer:
          'PSBT (BIP-174): partial signatures (SIGHASH_ALL; BIP-143 for P2WSH, FORKID on Bitcoin Cash), finalized inputs accepted',
      },
    },

    ...bitcoinWalletSetup(adapter),
    ...(network.scriptType === 'p2wsh' ? { timelockRecovery: bitcoinTimelockRecovery(adapter) } : {}),
    deposits: bitcoinDeposits(adapter),

    async readBalances(wallets) {
      const sheet = new Map<string, Map<string, bigint>>();
      for (const wallet of wallets) {
        const utxos = await adapter.listUtxos(multisig(wallet), scanCounts(wallet)).catch(() => null);
        if (utxos)
          sheet.set(wallet.address, new Map([[NATIVE, utxos.reduce((sum, u) => sum + u.value, 0n)]]));
      }
      return sheet;
    },

    recipient: (address) => mappedSync(() => adapter.normalizeAddress(address), 'to'),

    async readTransferState(wallet, intent): Promise<BitcoinTransferState> {
      if (intent.token) throw new FamilyError('TOKEN_NOT_FOUND_ERROR');
      const feeRate = await feeRateOf(intent.fee);
      const utxos = await mapped(() => adapter.listUtxos(multisig(wallet), scanCounts(wallet)));
      return { feeRate, utxos };
    },

    maxSendable: (wallet, intent, state, held) =>
      mappedSync(
        () =>
          maxSweep(network, multisig(wallet), wallet.address, intent, state as BitcoinTransferState, held),
        'to',
      ),

    async buildTransfer(wallet, intent, state, held): Promise<PreparedTransfer> {
      const { feeRate, utxos } = state as BitcoinTransferState;
      const chosen = intent.chosenInputs?.map((op) => op.toLowerCase());
      const locked = chosen?.filter((op) => held.lockedInputs.has(op)) ?? [];
      if (locked.length > 0) throw new FamilyError('UTXO_SHORTAGE_ERROR', { reason: 'locked', locked });
      const free = utxos.filter((u) => !held.lockedInputs.has(outpointOf(u)));
      const outputs = intent.outputs.map((o) => ({ address: o.to, value: o.amount }));
      const built = await mapped(() =>
        buildSpendPsbt({
          wallet: multisig(wallet),
          utxos: free,
          outputs,
          feeRate,
          changeIndex: held.nextChangeIndex,
          ...(chosen ? { chosen } : {}),
        }),
      );
      return {
        ...prepared(built, wallet.threshold, feeRate),
        amount: outputs.reduce((sum, o) => sum + o.value, 0n),
        inputs: built.inputs.map((u) => ({
          outpoint: outpointOf(u),
          value: u.value,
          branch: u.branch,
          index: u.index,
        })),
        usedChangeIndex: built.change !== null,
        details: {
          outputs: outputs.map((o) => ({
            to: o.address,
            amount: satsToCoins(o.value),
            value_sat: o.value.toString(),
          })),
          inputs: built.inputs.map((u) => ({
            txid: u.txid,
            vout: u.vout,
            value: u.value.toString(),
            branch: u.branch,
            index: u.index,
            ...(u.prevTxHex ? { prevTxHex: u.prevTxHex } : {}),
          })),
          change: built.change
            ? {
                address: built.change.address,
                index: built.change.index,
                value_sat: built.change.value.toString(),
              }
            : null,
        },
      };
    },

    signingView: (_wallet, stored) => ({ signing_requests: signingRequests(stored.payload, chain) }),

    async previousTransactions(stored) {
      const outpoints = readPsbt(stored.payload, network).txInputs.map((input) => ({
        txid: Buffer.from(input.hash).reverse().toString('hex'),
        vout: input.index,
      }));
      return mapped(() => adapter.previousTransactions(outpoints));
    },

    async verifySubmission(wallet, stored, submission) {
      const submitted = submission.psbt ?? '';
      await mapped(() => readPsbt(submitted, network), 'psbt');
      if (unsignedId(submitted) !== unsignedId(stored.payload))
        throw new FamilyError('TASK_DATA_CHANGED_ERROR');
      const { all, fresh } = signaturesOf(stored.payload, submitted);
      if (all.length === 0) throw new FamilyError('SIGNATURE_EMPTY_ERROR');
      // Every signature is one already counted: a duplicate whatever the status now.
      if (fresh.length === 0) throw new FamilyError('SIGNATURE_DUPLICATE_ERROR');
      const owners = keysByPubkey(stored.payload, wallet);
      const keys = new Map<string, SignerKey>();
      for (const sig of fresh) {
        const key = owners.get(sig.pubkey);
        if (!key) throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
        keys.set(key.xpub, key);
      }
      return [...keys.values()].map((key) => ({
        signerKey: key.xpub,
        kind: 'psbt',
        proof: key.fingerprint,
        audit: { fingerprint: key.fingerprint, path: key.path },
      }));
    },

    currentThreshold: async (wallet) => wallet.threshold,

    mergeSignatures(wallet, payload, submission, verified) {
      const { fresh } = signaturesOf(payload, submission.psbt ?? '');
      if (fresh.length === 0) throw new FamilyError('SIGNATURE_DUPLICATE_ERROR');
      const merged = mappedSync(() => addPartialSignatures(payload, chain, fresh));
      // Each signing key must sign every input.
      const owners = keysByPubkey(payload, wallet);
      const inputCount = readPsbt(merged, network).txInputs.length;
      const signedBy = partialSignatures(merged, chain);
      for (const { signerKey, proof } of verified) {
        const inputs = new Set(
          signedBy.filter((s) => owners.get(s.pubkey)?.xpub === signerKey).map((s) => s.inputIndex),
        );
        if (inputs.size !== inputCount) {
          throw new FamilyError('SIGNATURE_INVALID_ERROR', {
            reason: 'every input must be signed',
            signed_inputs: [...inputs],
            key: proof,
          });
        }
      }
      return merged;
    },

    finalize(_wallet, stored) {
      try {
        const final = finalizePsbt(stored.payload, chain);
        return { raw: final.hex, txHash: final.txid, fee: final.fee, vsize: final.vsize };
      } catch (error) {
        // Too few signatures (e.g. one signer of a 2-of-3): refused, nothing changes.
        if (isBitcoinError(error, 'SIGNATURES_BELOW_THRESHOLD')) {
          throw new FamilyError('TASK_STATUS_ERROR', {
            reason: 'signatures_below_threshold',
            detail: error.message,
          });
        }
        return mappedSync(() => {
          throw error;
        });
      }
    },

    async relay(raw) {
      try {
        await adapter.broadcast(raw);
        return 'sent';
      } catch (error) {
        if (isBitcoinError(error, 'RPC_ERROR')) throw new FamilyError('RELAY_UNREACHABLE');
        return mapped(() => {
          throw error;
        });
      }
    },

    async follow(txHash, _stored, knownBlockHash) {
      const status = await adapter.getTransactionStatus(txHash, knownBlockHash);
      switch (status.state) {
        case 'confirmed':
          return {
            state: 'executed',
            blockHash: status.blockHash!,
            blockNumber: BigInt(status.blockHeight!),
            confirmations: status.confirmations,
          };
        case 'mempool':
          return { state: 'pending' };
        default:
          return { state: status.state };
      }
    },

    async buildReplacement(wallet, stored: StoredTransfer, fee) {
      const feeRate = await feeRateOf(fee);
      if (stored.fee.total === null || stored.fee.vsize === null) throw new FamilyError('TASK_STATUS_ERROR');
      const inputs: WalletUtxo[] = stored.inputs.map((r) => {
        const [txid, vout] = r.outpoint.split(':') as [string, string];
        return { txid, vout: Number(vout), value: r.value, branch: r.branch, index: r.index };
      });
      const built = await mapped(() =>
        buildReplacementPsbt({
          wallet: multisig(wallet),
          originalPsbt: stored.payload,
          originalFee: stored.fee.total!,
          originalVsize: stored.fee.vsize!,
          inputs,
          feeRate,
        }),
      );
      const amount = 0n; // the lifecycle keeps the original's amount and recipients
      return {
        ...prepared(built, wallet.threshold, feeRate),
        amount,
        inputs: stored.inputs,
        usedChangeIndex: false,
        details: {},
      };
    },
  };
}
