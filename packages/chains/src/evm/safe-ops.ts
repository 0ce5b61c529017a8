import {
  concat,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  isAddressEqual,
  sliceHex,
  type Address,
  type Hex,
} from 'viem';
import { ChainError } from '../errors';
import { LEGACY_EIP1271_MAGIC_VALUE, legacyEip1271Abi, safeAbi, safeProxyFactoryAbi } from './abi';
import { normalizeEvmAddress } from './address';
import { aggregate, balanceCalls, type Call3 } from './balances';
import type { BalanceSheet, TokenRef } from '../types';
import type { EvmContext } from './context';
import { rethrowTransport, revertReason } from './rpc';
import {
  computeSafeAddress,
  encodeCreateProxy,
  encodeSafeSetup,
  validateSafeSetup,
  type SafeSetupParams,
} from './safe-deploy';
import { recoverSafeTxSigner, type SafeSignature, type SafeSignatureKind } from './safe-signatures';
import { encodeExecTransaction, normalizeSafeTx, safeTxHash, safeTxPreimage, type SafeTx } from './safe-tx';

/** Storage slots of Safe v1.4.1 (FallbackManager, GuardManager) and of the proxy (singleton at 0). */
const SINGLETON_SLOT = '0x0';
const FALLBACK_HANDLER_SLOT = '0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5';
const GUARD_SLOT = '0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8';
const SENTINEL = '0x0000000000000000000000000000000000000001';

/**
 * The calls that read a Safe's state, and its singleton and the two slots, in the order readSafe
 * decodes them. The same bytes for every Safe: encoded once, not on each read (encoding hashes
 * each function's signature, a measurable share of a transfer step's CPU).
 */
const STATE_CALL_DATA: Hex[] = [
  ...(['getOwners', 'getThreshold', 'nonce', 'VERSION'] as const).map((functionName) =>
    encodeFunctionData({ abi: safeAbi, functionName }),
  ),
  encodeFunctionData({ abi: safeAbi, functionName: 'getModulesPaginated', args: [SENTINEL, 50n] }),
];
const SLOT_CALL_DATA: Hex[] = [
  encodeFunctionData({ abi: safeAbi, functionName: 'masterCopy' }),
  ...[FALLBACK_HANDLER_SLOT, GUARD_SLOT].map((slot) =>
    encodeFunctionData({ abi: safeAbi, functionName: 'getStorageAt', args: [BigInt(slot), 1n] }),
  ),
];

export interface SafeState {
  address: Address;
  /** As getOwners() returns them (checksummed, contract order). */
  owners: Address[];
  threshold: number;
  nonce: bigint;
  version: string;
  /** The implementation the proxy delegates to (storage slot 0). */
  singleton: Address;
  /** True when the singleton is this chain's configured Safe or SafeL2 singleton. */
  trustedSingleton: boolean;
  fallbackHandler: Address;
  /** Guard contract (0x0 when none): a guard can veto executions. */
  guard: Address;
  /** Enabled modules (first 50): a module can move funds WITHOUT owner signatures. */
  modules: Address[];
}

export interface SafeDeployment {
  /** The SafeProxyFactory. */
  to: Address;
  data: Hex;
  value: bigint;
  predictedAddress: Address;
  singleton: Address;
  initializer: Hex;
}

export interface VerifySafeSignatureInput {
  /** Defaults to the adapter's chain id; another value is refused. */
  chainId?: number;
  safe: string;
  /** The stored transaction: the hash is recomputed from it (required for eip1271). */
  tx?: SafeTx;
  /** A safeTxHash; when given with tx it must equal the recomputed hash. */
  hash?: Hex;
  /** eip712 / eth_sign: 65-byte r‖s‖v; eip1271: the contract's signature bytes; approved_hash: ignored. */
  signature: string;
  /** Needed for eip1271 and approved_hash; for the ECDSA kinds a hint of how the wallet signed. */
  kind?: SafeSignatureKind;
  /** The claimed contract signer (eip1271) or approver (approved_hash). */
  signer?: string;
}

/** EIP-7825 (Osaka): no transaction may use more gas than 2^24. */
export const MAX_TX_GAS = 16_777_216n;

export interface ExecSimulation {
  ok: boolean;
  /** Revert reason of execTransaction (e.g. "GS013", "GS026"). */
  reason?: string;
  /** What the Safe's GS code means. */
  reasonText?: string;
  /** Revert reason of the inner call alone (e.g. "ERC20: transfer amount exceeds balance"). */
  innerReason?: string;
  gasEstimate?: bigint;
}

/** Safe v1.4.1 error codes that matter to a custody product (Safe's own docs/errors.md). */
export const SAFE_ERRORS: Record<string, string> = {
  GS010: 'not enough gas to execute the Safe transaction',
  GS011: 'could not pay gas costs with ether',
  GS012: 'could not pay gas costs with token',
  GS013: 'the Safe transaction failed (safeTxGas and gasPrice are 0)',
  GS020: 'signatures data too short',
  GS021: 'invalid contract signature location: inside static part',
  GS022: 'invalid contract signature location: length not present',
  GS023: 'invalid contract signature location: data not complete',
  GS024: 'invalid contract signature provided',
  GS025: 'hash has not been approved',
  GS026: 'invalid owner provided (not an owner, or signatures not sorted by owner)',
  GS027: 'data hash mismatch for a contract signature',
};

export function createSafeOps(ctx: EvmContext, singleton: Address) {
  let creationCode: Promise<Hex> | undefined;
  const proxyCreationCode = (): Promise<Hex> => {
    creationCode ??= ctx.client
      .readContract({
        address: ctx.contracts.safeProxyFactory,
        abi: safeProxyFactoryAbi,
        functionName: 'proxyCreationCode',
      })
      .catch((error: unknown) => {
        creationCode = undefined;
        throw new ChainError('RPC_ERROR', 'cannot read SafeProxyFactory.proxyCreationCode()', {
          cause: error,
        });
      });
    return creationCode;
  };

  async function buildSafeDeployment(params: SafeSetupParams): Promise<SafeDeployment> {
    const { owners, threshold, saltNonce } = validateSafeSetup(params);
    const initializer = encodeSafeSetup(owners, threshold, ctx.contracts.compatibilityFallbackHandler);
    const predictedAddress = computeSafeAddress({
      factory: ctx.contracts.safeProxyFactory,
      singleton,
      initializer,
      saltNonce,
      proxyCreationCode: await proxyCreationCode(),
    });
    return {
      to: ctx.contracts.safeProxyFactory,
      data: encodeCreateProxy(singleton, initializer, saltNonce),
      value: 0n,
      predictedAddress,
      singleton,
      initializer,
    };
  }

  /**
   * The runtime code of the factory's proxy (an eth_call of its creation code), once per process.
   * A Safe whose code is exactly this answers masterCopy() from its own code, not the singleton's.
   */
  let proxyRuntime: Promise<string> | undefined;
  const factoryProxyRuntime = (): Promise<string> => {
    proxyRuntime ??= proxyCreationCode()
      .then(async (creation) => {
        const { data } = await ctx.client.call({
          data: concat([creation, encodeAbiParameters([{ type: 'address' }], [singleton])]),
        });
        if (!data || data === '0x') throw new Error('the proxy creation code deployed nothing');
        return data.toLowerCase();
      })
      .catch((error: unknown) => {
        proxyRuntime = undefined;
        throw new ChainError('RPC_ERROR', 'cannot derive the SafeProxy runtime code', { cause: error });
      });
    return proxyRuntime;
  };

  /** Per address: 'factory' (the factory's proxy code), 'other' code. Deployed code never changes. */
  const codeKinds = new Map<Address, 'factory' | 'other'>();
  const CODE_KINDS_KEPT = 10_000;

  async function codeKind(safe: Address): Promise<'factory' | 'other' | 'none'> {
    const known = codeKinds.get(safe);
    if (known) return known;
    const [code, runtime] = await Promise.all([
      ctx.client.getCode({ address: safe }).catch((error: unknown) => {
        throw new ChainError('RPC_ERROR', 'eth_getCode failed', { cause: error });
      }),
      factoryProxyRuntime(),
    ]);
    if (!code || code === '0x') return 'none';
    const kind = code.toLowerCase() === runtime ? 'factory' : 'other';
    if (codeKinds.size >= CODE_KINDS_KEPT) codeKinds.delete(codeKinds.keys().next().value!);
    codeKinds.set(safe, kind);
    return kind;
  }

  const isTrustedSingleton = (address: Address) =>
    [ctx.contracts.safeSingleton, ctx.contracts.safeL2Singleton].some(
      (known) => known !== undefined && isAddressEqual(known, address),
    );

  const stateCalls = (safe: Address) =>
    STATE_CALL_DATA.map((callData) => ({ target: safe, allowFailure: true, callData }));
  const STATE_CALLS = 5;

  /** The proxy's singleton, fallback handler and guard through the Safe itself, in the same eth_call. */
  const slotCalls = (safe: Address) =>
    SLOT_CALL_DATA.map((callData) => ({ target: safe, allowFailure: true, callData }));

  const wordAddress = (value: Hex | null | undefined) =>
    getAddress(sliceHex(value && value.length >= 66 ? value : `0x${'0'.repeat(64)}`, 12, 32));

  /**
   * The Safe's state, and the results of `extra` Multicall3 calls made in the same eth_call.
   * The factory's proxy: ONE eth_call. Its singleton comes from the proxy's own code; the
   * fallback handler and guard from the singleton's getStorageAt, believed only when that
   * singleton is one we trust. Any other contract (another factory's proxy, an untrusted
   * singleton): the three slots from the node (eth_getStorageAt).
   */
  async function readSafeWith(
    address: string,
    extra: Call3[],
  ): Promise<{ state: SafeState | null; extra: (Hex | null)[] }> {
    const safe = normalizeEvmAddress(address);
    const kind = await codeKind(safe);
    if (kind === 'none') return { state: null, extra: await (extra.length ? aggregate(ctx, extra) : []) };
    if (kind === 'factory') {
      const results = await aggregate(ctx, [...stateCalls(safe), ...slotCalls(safe), ...extra]);
      const [singletonData, fallbackData, guardData] = results.slice(STATE_CALLS, STATE_CALLS + 3);
      let proxySingleton: Address | null = null;
      try {
        proxySingleton = singletonData
          ? getAddress(
              decodeFunctionResult({ abi: safeAbi, functionName: 'masterCopy', data: singletonData }),
            )
          : null;
      } catch {
        proxySingleton = null;
      }
      if (proxySingleton && isTrustedSingleton(proxySingleton)) {
        const word = (data: Hex | null | undefined) => {
          try {
            return data ? decodeFunctionResult({ abi: safeAbi, functionName: 'getStorageAt', data }) : null;
          } catch {
            return null;
          }
        };
        return {
          state: decodeState(safe, results, {
            singleton: proxySingleton,
            fallbackHandler: wordAddress(word(fallbackData)),
            guard: wordAddress(word(guardData)),
          }),
          extra: results.slice(STATE_CALLS + 3),
        };
      }
    }
    const [results, slots] = await Promise.all([
      aggregate(ctx, [...stateCalls(safe), ...extra]),
      Promise.all(
        [SINGLETON_SLOT, FALLBACK_HANDLER_SLOT, GUARD_SLOT].map((slot) =>
          ctx.client.getStorageAt({ address: safe, slot: slot as Hex }).catch((error: unknown) => {
            throw new ChainError('RPC_ERROR', 'eth_getStorageAt failed', { cause: error });
          }),
        ),
      ),
    ]);
    return {
      state: decodeState(safe, results, {
        singleton: wordAddress(slots[0]),
        fallbackHandler: wordAddress(slots[1]),
        guard: wordAddress(slots[2]),
      }),
      extra: results.slice(STATE_CALLS),
    };
  }

  function decodeState(
    safe: Address,
    results: (Hex | null)[],
    slots: { singleton: Address; fallbackHandler: Address; guard: Address },
  ): SafeState | null {
    try {
      const [ownersData, thresholdData, nonceData, versionData, modulesData] = results;
      if (!ownersData || !thresholdData || !nonceData || !versionData || !modulesData) return null;
      const owners = decodeFunctionResult({ abi: safeAbi, functionName: 'getOwners', data: ownersData });
      const threshold = decodeFunctionResult({
        abi: safeAbi,
        functionName: 'getThreshold',
        data: thresholdData,
      });
      const nonce = decodeFunctionResult({ abi: safeAbi, functionName: 'nonce', data: nonceData });
      const version = decodeFunctionResult({ abi: safeAbi, functionName: 'VERSION', data: versionData });
      const [modules] = decodeFunctionResult({
        abi: safeAbi,
        functionName: 'getModulesPaginated',
        data: modulesData,
      });
      if (owners.length === 0 || threshold === 0n) return null;
      return {
        address: safe,
        owners: owners.map((o) => getAddress(o)),
        threshold: Number(threshold),
        nonce,
        version,
        singleton: slots.singleton,
        trustedSingleton: isTrustedSingleton(slots.singleton),
        fallbackHandler: slots.fallbackHandler,
        guard: slots.guard,
        modules: modules.map((m) => getAddress(m)),
      };
    } catch {
      return null;
    }
  }

  const readSafe = async (address: string): Promise<SafeState | null> =>
    (await readSafeWith(address, [])).state;

  /** The Safe's state and its balances of `tokens`, in one eth_call for the factory's proxy. */
  async function readSafeAndBalances(
    address: string,
    tokens: TokenRef[],
  ): Promise<{ safe: SafeState | null; balances: BalanceSheet }> {
    const balances = balanceCalls(ctx, [address], tokens);
    const read = await readSafeWith(address, balances.calls);
    return { safe: read.state, balances: balances.sheet(read.extra) };
  }

  function resolveHash(input: VerifySafeSignatureInput): { safe: Address; hash: Hex; tx?: SafeTx } {
    if (input.chainId !== undefined && input.chainId !== ctx.chainId) {
      throw new ChainError(
        'INVALID_ARGUMENT',
        `chain id ${input.chainId} is not this adapter's ${ctx.chainId}`,
      );
    }
    const safe = normalizeEvmAddress(input.safe);
    if (input.tx) {
      const tx = normalizeSafeTx(input.tx);
      const hash = safeTxHash(ctx.chainId, safe, tx);
      if (input.hash !== undefined && input.hash.toLowerCase() !== hash) {
        throw new ChainError('INVALID_ARGUMENT', 'the given hash is not the hash of the given transaction');
      }
      return { safe, hash, tx };
    }
    if (!input.hash || !/^0x[0-9a-fA-F]{64}$/.test(input.hash)) {
      throw new ChainError('INVALID_ARGUMENT', 'a transaction or a 32-byte hash is required');
    }
    return { safe, hash: input.hash.toLowerCase() as Hex };
  }

  /**
   * Who approved this Safe transaction with this signature. It proves only that `signer`
   * signed exactly this hash; the caller must still check that `signer` is a CURRENT owner
   * (readSafe) and must recompute the hash from the stored transaction (pass `tx`).
   */
  async function verifySafeSignature(input: VerifySafeSignatureInput): Promise<SafeSignature> {
    const { safe, hash, tx } = resolveHash(input);
    if (input.kind === 'eip1271') {
      if (!input.signer)
        throw new ChainError('INVALID_ARGUMENT', 'a contract signature needs the contract signer address');
      if (!tx)
        throw new ChainError(
          'INVALID_ARGUMENT',
          'a contract signature is checked against the transaction, pass tx',
        );
      const signer = normalizeEvmAddress(input.signer);
      if (typeof input.signature !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(input.signature)) {
        throw new ChainError('SIGNATURE_MALFORMED', 'contract signature is not hex bytes');
      }
      const signature = input.signature.toLowerCase() as Hex;
      const code = await ctx.client.getCode({ address: signer }).catch((error: unknown) => {
        throw new ChainError('RPC_ERROR', 'eth_getCode failed', { cause: error });
      });
      if (!code || code === '0x')
        throw new ChainError('SIGNATURE_INVALID', `contract signer ${signer} has no code`);
      // Exactly what Safe v1.4.1 checkNSignatures calls for v = 0: the legacy EIP-1271
      // isValidSignature(bytes data, bytes signature) with the 66-byte SafeTx preimage.
      let magic: Hex;
      try {
        magic = await ctx.client.readContract({
          address: signer,
          abi: legacyEip1271Abi,
          functionName: 'isValidSignature',
          args: [safeTxPreimage(ctx.chainId, safe, tx), signature],
        });
      } catch (error) {
        rethrowTransport(error, 'isValidSignature');
        throw new ChainError(
          'SIGNATURE_INVALID',
          `contract signer refused the signature: ${revertReason(error)}`,
          { cause: error },
        );
      }
      if (magic.toLowerCase() !== LEGACY_EIP1271_MAGIC_VALUE) {
        throw new ChainError(
          'SIGNATURE_INVALID',
          `contract signer returned ${magic}, not the EIP-1271 magic value`,
        );
      }
      return { signer, kind: 'eip1271', signature };
    }
    if (input.kind === 'approved_hash') {
      if (!input.signer)
        throw new ChainError('INVALID_ARGUMENT', 'an approved hash needs the approving owner');
      const signer = normalizeEvmAddress(input.signer);
      let approved: bigint;
      try {
        approved = await ctx.client.readContract({
          address: safe,
          abi: safeAbi,
          functionName: 'approvedHashes',
          args: [signer, hash],
        });
      } catch (error) {
        rethrowTransport(error, 'approvedHashes');
        throw new ChainError('SIGNATURE_INVALID', `cannot read approvedHashes on ${safe}`, { cause: error });
      }
      if (approved === 0n)
        throw new ChainError('SIGNATURE_INVALID', `${signer} has not approved ${hash} on chain`);
      return { signer, kind: 'approved_hash', signature: '0x' };
    }
    const recovered = await recoverSafeTxSigner(hash, input.signature, input.kind);
    if (input.signer && !isAddressEqual(normalizeEvmAddress(input.signer), recovered.signer)) {
      throw new ChainError(
        'SIGNATURE_INVALID',
        `signature recovers to ${recovered.signer}, not the claimed ${input.signer}`,
      );
    }
    return recovered;
  }

  /** eth_call of execTransaction from the broadcaster; on failure also runs the inner call alone. */
  async function simulateExec(params: {
    from: string;
    safe: string;
    tx: SafeTx;
    signatures: Hex;
  }): Promise<ExecSimulation> {
    const safe = normalizeEvmAddress(params.safe);
    const from = normalizeEvmAddress(params.from);
    const tx = normalizeSafeTx(params.tx);
    const data = encodeExecTransaction(tx, params.signatures);
    try {
      const { data: returned } = await ctx.client.call({ account: from, to: safe, data });
      const success = returned
        ? decodeFunctionResult({ abi: safeAbi, functionName: 'execTransaction', data: returned })
        : false;
      if (!success)
        return {
          ok: false,
          reason: 'ExecutionFailure',
          reasonText: 'the Safe reported the inner call as failed',
        };
      const gasEstimate = await estimateExecGas(from, safe, data);
      return { ok: true, gasEstimate };
    } catch (error) {
      rethrowTransport(error, 'eth_call execTransaction');
      const reason = revertReason(error);
      const result: ExecSimulation = { ok: false, reason, reasonText: SAFE_ERRORS[reason] };
      if (reason === 'GS013' && tx.operation === 0) {
        try {
          await ctx.client.call({ account: safe, to: tx.to, data: tx.data, value: tx.value });
        } catch (inner) {
          rethrowTransport(inner, 'eth_call inner');
          result.innerReason = revertReason(inner);
        }
      }
      return result;
    }
  }

  /**
   * The node's eth_estimateGas; where it fails (some nodes start their search above the EIP-7825
   * per-transaction cap and refuse large batches that need far less), the least gas under the cap
   * at which eth_call still executes, found by bisection to within 1% — with safeTxGas 0 an inner
   * call short of gas reverts the whole execTransaction, so "executes" means "enough".
   */
  async function estimateExecGas(from: Address, safe: Address, data: Hex): Promise<bigint | undefined> {
    const node = await ctx.client.estimateGas({ account: from, to: safe, data }).catch(() => undefined);
    if (node !== undefined) return node;
    const runs = (gas: bigint) =>
      ctx.client.call({ account: from, to: safe, data, gas }).then(
        () => true,
        () => false,
      );
    if (!(await runs(MAX_TX_GAS))) return undefined;
    let low = 21_000n;
    let high = MAX_TX_GAS;
    while (high - low > high / 100n) {
      const middle = (low + high) / 2n;
      if (await runs(middle)) high = middle;
      else low = middle;
    }
    return high;
  }

  return {
    proxyCreationCode,
    buildSafeDeployment,
    readSafe,
    readSafeAndBalances,
    verifySafeSignature,
    simulateExec,
  };
}
