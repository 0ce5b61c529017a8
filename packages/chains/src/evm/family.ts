import { isChainError } from '../errors';
import {
  FamilyError,
  type FamilyAdapter,
  outputToken,
  type FamilyWallet,
  type IntentToken,
  type PreparedTransfer,
  type StoredTransfer,
  type VerifiedSignature,
} from '../family';
import { NATIVE } from '../types';
import type { EvmAdapter } from './adapter';
import { evmAddressProblem } from './address';
import { evmWalletSetup } from './family-setup';
import { blockFacts } from '../followed';
import { bumpedGasPrice, customGasPrice, gasPriceOf, isEnoughBump } from './fee-choice';
import { decodeSignedTransaction } from './raw-tx';
import { MAX_TX_GAS, type SafeState } from './safe-ops';
import type { SafeSignatureKind } from './safe-signatures';
import type { SafeTx } from './safe-tx';
import { safeTxFromJson, safeTxToJson } from './safe-tx-json';
import { safeTxReview } from './safe-tx-view';
import { checkSignedCall } from './signed-call';
import { evmSponsoredSends } from './sponsored';
import { evmTokenApprovals } from './family-approvals';
import { evmContractCalls, nextSafeNonce } from './family-calls';
import { evmSafeMessages, toSafeSignatures } from './family-messages';

const ZERO_GUARD = /^0x0{40}$/i;

interface EvmTransferState {
  /** What the Safe holds of each asset the outputs move. */
  onChain: Map<string, bigint>;
  safe: SafeState;
}

/**
 * The EVM family: a Safe v1.4.1 wallet. Signers sign the Safe transaction's EIP-712 hash; the
 * hash is recomputed from the stored transaction and each signer must be a current owner of a
 * Safe on the trusted singleton without guard or modules (but the platform's own recovery module). A broadcaster's account signs the
 * execTransaction; a fully signed transfer is revoked by a rejection at the same Safe nonce.
 */
export function createEvmFamily(chain: EvmAdapter): FamilyAdapter {
  const safeTx = (stored: StoredTransfer): SafeTx => safeTxFromJson(stored.payload);
  const messages = evmSafeMessages(chain);
  const prepared = (
    tx: SafeTx,
    wallet: FamilyWallet,
    amount: bigint,
    threshold: number,
  ): PreparedTransfer => ({
    payload: safeTxToJson(tx),
    payloadHash: chain.safeTxHash(chain.chainId, wallet.address, tx),
    sequence: tx.nonce,
    signingThreshold: threshold,
    amount,
    inputs: [],
    usedChangeIndex: false,
    fee: { total: null, rate: null, vsize: null },
    details: {},
  });
  const executionCall = (wallet: FamilyWallet, stored: StoredTransfer, signatures: VerifiedSignature[]) => {
    const encoded = chain.encodeSafeSignatures(toSafeSignatures(signatures));
    const tx = safeTx(stored);
    return { tx, encoded, call: chain.buildExecTransaction(wallet.address, tx, encoded) };
  };
  const nativeToken: IntentToken = {
    contract: null,
    symbol: chain.info.nativeSymbol,
    decimals: 18,
    key: NATIVE,
  };
  const feeTiers = () =>
    chain.getFeeTiers().catch(() => {
      throw new FamilyError('FEE_RATE_ERROR');
    });

  return {
    chain,
    capabilities: {
      tokens: true,
      batch: true,
      preSign: true,
      coinControl: false,
      spendsCoins: false,
      feeUnit: 'gwei',
      speedUp: 'attempt',
      revokeSigned: 'rejection',
      broadcast: 'sender-signs',
      // Reorgs deeper than a dozen blocks are beyond what proof-of-stake chains and exchanges wait for.
      finalityDepth: 12,
      addressScript: null,
      setupDeposit: 0n,
      protocols: {
        key: 'an owner address (0x…, EIP-55 checksum)',
        ownership: 'EIP-191 personal_sign of the challenge message (65-byte r‖s‖v, low s)',
        transfer:
          'EIP-712 typed data of the Safe transaction (SafeTx, domain: chain id and Safe address); eth_sign of the safeTxHash is accepted too',
      },
    },

    deposits: {
      tip: () => chain.getBlockNumber(),
      blocksPerScan: 2_000n,
      async transfersTo(wallets, tokens, from, to) {
        const seen = await chain.getTransfersTo(
          wallets.map((w) => w.address),
          tokens,
          from,
          to,
        );
        // One address per wallet: the Safe itself.
        return seen.map((transfer) => ({ ...transfer, wallet: transfer.to }));
      },
    },

    ...evmWalletSetup(chain),
    tokenApprovals: evmTokenApprovals(chain),
    contractCalls: evmContractCalls(chain, prepared),
    messages: messages.ops,
    ...(chain.recovery ? { recovery: chain.recovery } : {}),
    ...evmSponsoredSends(chain, feeTiers),

    async readBalances(wallets, tokens) {
      const sheet = await chain.getBalances(
        wallets.map((w) => w.address),
        tokens,
      );
      return new Map(
        wallets.map((w) => [w.address, sheet.get(chain.normalizeAddress(w.address)) ?? new Map()]),
      );
    },

    async token(contract) {
      if (!chain.isValidAddress(contract)) throw new FamilyError('CHAIN_ADDRESS_INVALID_ERROR');
      const address = chain.normalizeAddress(contract);
      const token = await chain.readToken(address).catch(() => {
        throw new FamilyError('TOKEN_NOT_FOUND_ERROR');
      });
      return { contract: address, ...token };
    },

    recipient(address) {
      const problem = evmAddressProblem(address);
      if (problem === 'checksum') throw new FamilyError('CHAIN_ADDRESS_CHECKSUM_ERROR');
      if (problem) throw new FamilyError('CHAIN_ADDRESS_INVALID_ERROR', { param: 'EVM' });
      return chain.normalizeAddress(address);
    },

    async readTransferState(wallet, intent): Promise<EvmTransferState> {
      if (intent.fee.tier === 'custom') customGasPrice(intent.fee.rate);
      const tokens = new Map<string, IntentToken>();
      intent.outputs.forEach((_, i) => {
        const token = outputToken(intent, i) ?? nativeToken;
        tokens.set(token.key, token);
      });
      const { safe, balances: sheet } = await chain.readSafeAndBalances(wallet.address, [...tokens.values()]);
      if (!safe) throw new FamilyError('WALLET_STATUS_ERROR');
      const mine = sheet.get(chain.normalizeAddress(wallet.address));
      const onChain = new Map([...tokens.keys()].map((key) => [key, mine?.get(key) ?? 0n]));
      return { onChain, safe };
    },

    async buildTransfer(wallet, intent, state, held) {
      const { onChain, safe } = state as EvmTransferState;
      // Every asset the outputs move, against what the Safe holds less what queued transfers hold.
      const needed = new Map<string, bigint>();
      intent.outputs.forEach((output, i) => {
        const key = (outputToken(intent, i) ?? nativeToken).key;
        needed.set(key, (needed.get(key) ?? 0n) + output.amount);
      });
      for (const [key, amount] of needed) {
        const locked = held.lockedByToken.get(key) ?? (intent.outputs.length === 1 ? held.lockedAmount : 0n);
        if ((onChain.get(key) ?? 0n) - locked < amount)
          throw new FamilyError('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
      }
      const nonce = nextSafeNonce(safe, held.highestSequence);
      const total = intent.outputs.reduce((sum, o) => sum + o.amount, 0n);
      if (intent.outputs.length > 1) {
        const recipients = intent.outputs.map((o, i) => ({
          token: outputToken(intent, i) ?? nativeToken,
          to: o.to,
          amount: o.amount,
        }));
        return prepared(chain.buildBatchTransfer({ recipients, nonce }), wallet, total, safe.threshold);
      }
      const { to, amount } = intent.outputs[0]!;
      const token = intent.token ?? nativeToken;
      const tx = chain.buildTransfer({ safe: wallet.address, token, to, amount, nonce });
      return prepared(tx, wallet, amount, safe.threshold);
    },

    // The Safe pays no gas: the broadcaster's account does.
    maxSendable(_wallet, intent, state, held) {
      const key = (intent.token ?? nativeToken).key;
      const free = ((state as EvmTransferState).onChain.get(key) ?? 0n) - held.lockedAmount;
      return { amount: free > 0n ? free : 0n, fee: null };
    },

    signingView(wallet, stored) {
      const message = messages.messageOf(stored);
      if (message) return messages.signingView(wallet, message);
      const typed = chain.typedData(chain.chainId, wallet.address, safeTx(stored));
      return {
        typed_data: JSON.parse(
          JSON.stringify(typed, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
        ),
      };
    },

    async sequenceTaken(wallet, stored) {
      const safe = await chain.readSafe(wallet.address);
      return safe !== null && stored.sequence !== null && safe.nonce > stored.sequence;
    },

    reviewView(wallet, stored) {
      const message = messages.messageOf(stored);
      if (message) return messages.reviewView(wallet, message);
      const { multiSendCallOnly } = chain.contracts;
      return { safe_tx: safeTxReview(chain.chainId, wallet.address, safeTx(stored), multiSendCallOnly) };
    },

    async verifySubmission(wallet, stored, submission) {
      const message = messages.messageOf(stored);
      if (message) return messages.verify(wallet, stored, message, submission);
      const tx = safeTx(stored);
      const hash = chain.safeTxHash(chain.chainId, wallet.address, tx);
      if (hash !== stored.payloadHash) throw new FamilyError('TASK_DATA_CHANGED_ERROR');
      if (!submission.signature) throw new FamilyError('SIGNATURE_EMPTY_ERROR');
      try {
        const signed = await chain.verifySafeSignature({
          safe: wallet.address,
          tx,
          hash,
          signature: submission.signature,
          kind: (submission.kind ?? 'eip712') as SafeSignatureKind,
        });
        return [
          {
            signerKey: signed.signer,
            kind: signed.kind,
            proof: signed.signature,
            audit: { signer: signed.signer, kind: signed.kind },
          },
        ];
      } catch (error) {
        if (isChainError(error)) throw new FamilyError('SIGNATURE_INVALID_ERROR');
        throw error;
      }
    },

    async currentThreshold(wallet, stored, keys) {
      const safe = await chain.readSafe(wallet.address);
      // A module moves funds without signatures: only the platform's own recovery module may be on.
      const trusted = new Set((wallet.trustedModules ?? []).map((m) => m.toLowerCase()));
      const foreignModule = safe?.modules.some((m) => !trusted.has(m.toLowerCase()));
      if (!safe || !safe.trustedSingleton || foreignModule || !ZERO_GUARD.test(safe.guard)) {
        throw new FamilyError('SIGNATURE_VERIFY_ERROR');
      }
      // A message uses no nonce: it stays signable whatever the Safe executes meanwhile.
      if (!messages.ops.isMessage(stored) && safe.nonce > safeTx(stored).nonce)
        throw new FamilyError('TASK_DATA_CHANGED_ERROR');
      const owners = new Set(safe.owners.map((o) => o.toLowerCase()));
      if (!keys.every((k) => owners.has(k.toLowerCase())))
        throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      return safe.threshold;
    },

    mergeSignatures: (_wallet, payload) => payload,

    async prepareExecution(wallet, stored, signatures, input) {
      const from = chain.normalizeAddress(input.from);
      const wanted = gasPriceOf(await feeTiers(), input.fee);
      const { call, tx, encoded } = executionCall(wallet, stored, signatures);
      const unsigned = { chainId: chain.chainId, from, to: call.to, data: call.data, value: call.value };
      if (input.previousRaw) {
        // A speed-up: the same account nonce and gas, fees raised enough to replace it.
        const previous = await decodeSignedTransaction(input.previousRaw);
        if (previous.from.toLowerCase() !== from.toLowerCase())
          throw new FamilyError('BROADCAST_DUPLICATED_ERROR');
        return { ...unsigned, nonce: previous.nonce, gas: previous.gas, ...bumpedGasPrice(previous, wanted) };
      }
      const safe = await chain.readSafe(wallet.address);
      if (!safe) throw new FamilyError('WALLET_STATUS_ERROR');
      if (safe.nonce > tx.nonce) throw new FamilyError('NONCE_TOO_LOW_ERROR');
      // The Safe nonce queue: an earlier transfer must execute (or be rejected) first.
      if (safe.nonce < tx.nonce) {
        throw new FamilyError('BROADCAST_REJECTED_ERROR', {
          reason: 'queue',
          waiting_for_nonce: safe.nonce.toString(),
        });
      }
      const simulation = await chain.simulateExec({ from, safe: wallet.address, tx, signatures: encoded });
      if (!simulation.ok) {
        throw new FamilyError('BROADCAST_REJECTED_ERROR', {
          reason: simulation.reason,
          detail: simulation.reasonText ?? null,
        });
      }
      // Safe's execTransaction needs gasleft() ≥ safeTxGas·64/63 + margin: estimate, then add 30 %.
      const padded = ((simulation.gasEstimate ?? 300_000n) * 13n) / 10n;
      const gas = padded < MAX_TX_GAS ? padded : MAX_TX_GAS;
      const native = { contract: null, symbol: chain.info.nativeSymbol, decimals: chain.info.nativeDecimals };
      const [nonce, balances] = await Promise.all([
        chain.getAccountNonce(from),
        chain.getBalances([from], [native]),
      ]);
      const funds = balances.get(from)?.get(NATIVE) ?? 0n;
      if (funds < gas * wanted.maxFeePerGas) throw new FamilyError('BROADCAST_INSUFFICIENT_FEE_ERROR');
      return { ...unsigned, nonce, gas, ...wanted };
    },

    executionView: (wallet, stored, signatures) => executionCall(wallet, stored, signatures).call,

    async checkSignedExecution(wallet, stored, signatures, raw) {
      // Relay only exactly the expected call on this chain: nothing else may ride on the outbox.
      const { call } = executionCall(wallet, stored, signatures);
      const signed = await checkSignedCall(chain.chainId, raw, call);
      return { hash: signed.hash, from: signed.from, nonce: signed.nonce, maxFeePerGas: signed.maxFeePerGas };
    },

    async checkReplacement(previousRaw, raw) {
      const [before, next] = await Promise.all([
        decodeSignedTransaction(previousRaw),
        decodeSignedTransaction(raw),
      ]);
      if (next.from !== before.from || next.nonce !== before.nonce)
        throw new FamilyError('BROADCAST_DUPLICATED_ERROR');
      if (!isEnoughBump(before, next)) throw new FamilyError('SPEED_UP_FEE_TOO_LOW_ERROR');
    },

    async relay(raw) {
      try {
        await chain.broadcast(raw);
        return 'sent';
      } catch (error) {
        if (!isChainError(error)) throw error;
        // Known bytes, or a nonce already used (perhaps by this very transaction): the watcher decides.
        if (error.code === 'ALREADY_KNOWN' || error.code === 'NONCE_TOO_LOW') return 'known';
        if (error.code === 'RPC_ERROR' && /unreachable/.test(error.message))
          throw new FamilyError('RELAY_UNREACHABLE');
        const code =
          error.code === 'INSUFFICIENT_FUNDS'
            ? 'BROADCAST_INSUFFICIENT_FEE_ERROR'
            : error.code === 'FEE_TOO_LOW'
              ? 'TRANSFER_FEE_TOO_LOW_ERROR'
              : 'BROADCAST_REJECTED_ERROR';
        throw new FamilyError(code, {}, error.message);
      }
    },

    async follow(txHash, stored) {
      // The receipt is looked up anew each time: after a reorg it is gone (pending/unknown) or
      // in another block, so a known block hash is not needed to notice one.
      const result = await chain.getConfirmation(txHash);
      if (result.state === 'unknown' || result.state === 'pending') return { state: result.state };
      const block = blockFacts(result);
      const executed =
        result.state === 'confirmed' &&
        result.safeExecution?.success === true &&
        result.safeExecution.safeTxHash.toLowerCase() === stored.payloadHash?.toLowerCase();
      if (executed) return { state: 'executed', ...block };
      const reason =
        result.reason ??
        (result.safeExecution ? 'ExecutionFailure' : 'the transaction did not execute this transfer');
      return { state: 'failed', reason, ...block };
    },

    buildRejection(wallet, stored) {
      if (stored.sequence === null) throw new FamilyError('TASK_STATUS_ERROR');
      return prepared(chain.buildRejection(wallet.address, stored.sequence), wallet, 0n, 0);
    },
  };
}
