import {
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  decodeEventLog,
  hashMessage,
  isAddressEqual,
  type Address,
  type Hex,
} from 'viem';
import { ChainError } from '../errors';
import type {
  BalanceSheet,
  ChainAdapter,
  ChainInfo,
  ConfirmationStatus,
  FeeTiers,
  IncomingTransfer,
  TokenRef,
} from '../types';
import { EIP1271_MAGIC_VALUE, eip1271Abi, safeAbi } from './abi';
import { isValidEvmAddress, normalizeEvmAddress } from './address';
import { getBalances, readToken } from './balances';
import type { EvmContext, EvmContracts } from './context';
import { evmRecoveryOps, type EvmRecoveryContracts } from './family-recovery';
import type { RecoveryOps } from '../family';
import { defaultMinPriorityFee, getFeeTiers } from './fees';
import { createCountingClient, isTransportFailure, rethrowTransport, revertReason } from './rpc';
import type { SafeSetupParams } from './safe-deploy';
import {
  createSafeOps,
  type ExecSimulation,
  type SafeDeployment,
  type SafeState,
  type VerifySafeSignatureInput,
} from './safe-ops';
import {
  encodeSafeSignatures,
  parseEcdsaSignature,
  recoverEcdsa,
  type SafeSignature,
} from './safe-signatures';
import {
  buildBatchTransfer,
  buildCallsTx,
  buildContractCall,
  buildRejection,
  buildTransfer,
  encodeExecTransaction,
  safeTxHash,
  safeTxTypedData,
  type SafeTx,
  type SafeTxTypedData,
} from './safe-tx';
import { getTransfersTo } from './transfers';
import { getApprovalsBy, readAllowances, type AllowanceRef, type ApprovalSeen } from './token-approvals';

/**
 * The node calls a Dapp may make through the platform (the Safe Apps SDK's rpcCall list, without
 * safe_setSettings): reads only; nothing that sends, signs or changes the node.
 */
export const READ_RPC_METHODS = [
  'eth_call',
  'eth_gasPrice',
  'eth_getLogs',
  'eth_getBalance',
  'eth_getCode',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getTransactionCount',
  'eth_estimateGas',
  'eth_blockNumber',
  'eth_chainId',
] as const;
export type ReadRpcMethod = (typeof READ_RPC_METHODS)[number];

export interface EvmAdapterConfig {
  info: ChainInfo;
  rpcUrl: string;
  contracts: EvmContracts;
  /** Deploy new Safes on the SafeL2 singleton (events for indexers). Default: on L2s when configured. */
  useSafeL2?: boolean;
  /** Floor of the priority fee in wei (default per chain, see fees.ts). */
  minPriorityFeeWei?: bigint;
  /** Per-request timeout (default 20 s). */
  timeoutMs?: number;
  /** A Zodiac-Delay-style module and its proxy factory: the chain offers emergency recovery. */
  recovery?: EvmRecoveryContracts;
}

/** EVM confirmation, with the Safe execution outcome when the transaction was an execTransaction. */
export interface EvmConfirmationStatus extends ConfirmationStatus {
  safeExecution?: { safe: Address; safeTxHash: Hex; success: boolean };
}

export interface EvmAdapter extends ChainAdapter {
  readonly chainId: number;
  readonly contracts: Readonly<EvmContracts>;
  /** Emergency recovery through a delay module, where the chain has one (else null). */
  readonly recovery: RecoveryOps | null;
  /** The singleton new Safes are created with. */
  readonly safeSingleton: Address;
  normalizeAddress(address: string): Address;
  isContract(address: string): Promise<boolean>;
  readToken(contract: string): Promise<{ symbol: string; decimals: number; name: string }>;
  getFeeTiers(): Promise<FeeTiers>;
  broadcast(rawTransaction: string): Promise<Hex>;
  getConfirmation(txHash: string, options?: { minConfirmations?: number }): Promise<EvmConfirmationStatus>;

  predictSafeAddress(params: SafeSetupParams): Promise<Address>;
  buildSafeDeployment(params: SafeSetupParams): Promise<SafeDeployment>;
  readSafe(address: string): Promise<SafeState | null>;
  /** The Safe's state and its balances of `tokens`: one eth_call for the factory's own proxy. */
  readSafeAndBalances(
    address: string,
    tokens: TokenRef[],
  ): Promise<{ safe: SafeState | null; balances: BalanceSheet }>;

  buildTransfer(params: { safe: string; token: TokenRef; to: string; amount: bigint; nonce: bigint }): SafeTx;
  buildRejection(safe: string, nonce: bigint): SafeTx;
  /** A plain call from the Safe to a contract (no value). */
  buildContractCall(params: { to: string; data: Hex; nonce: bigint }): SafeTx;
  /** A Dapp's calls: one plain CALL, or several through the chain's MultiSendCallOnly. */
  buildCallsTx(params: { calls: readonly { to: string; value: bigint; data: Hex }[]; nonce: bigint }): SafeTx;
  /** A call run now as if `from` sent it (eth_call): its revert reason, or null when it succeeds. */
  callReverts(call: { from: string; to: string; value: bigint; data: Hex }): Promise<string | null>;
  /** A read-only JSON-RPC request passed to the node as it is (a Dapp reading the chain). */
  readRpc(method: ReadRpcMethod, params: readonly unknown[]): Promise<unknown>;
  /** Several recipients in one Safe transaction, through the chain's MultiSendCallOnly. */
  buildBatchTransfer(params: {
    recipients: { token: TokenRef; to: string; amount: bigint }[];
    nonce: bigint;
  }): SafeTx;
  safeTxHash(chainId: number, safe: string, tx: SafeTx): Hex;
  typedData(chainId: number, safe: string, tx: SafeTx): SafeTxTypedData;
  verifySafeSignature(input: VerifySafeSignatureInput): Promise<SafeSignature>;
  encodeSafeSignatures(list: readonly SafeSignature[]): Hex;
  buildExecTransaction(safe: string, tx: SafeTx, signatures: Hex): { to: Address; data: Hex; value: bigint };
  simulateExec(params: { from: string; safe: string; tx: SafeTx; signatures: Hex }): Promise<ExecSimulation>;

  getTransfersTo(
    addresses: string[],
    tokens: TokenRef[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<IncomingTransfer[]>;
  getBlockNumber(): Promise<bigint>;
  /** Gas a call would use now (eth_estimateGas), from any sender (or `from`, e.g. a Safe's own call). */
  estimateGas(call: { to: string; data: string; value?: bigint; from?: string }): Promise<bigint>;
  /** ERC-20 Approval events these owners emitted in a block range (any token). */
  getApprovalsBy(owners: string[], fromBlock: bigint, toBlock: bigint): Promise<ApprovalSeen[]>;
  /** allowance(owner, spender) of each ref now (null: not an ERC-20 answer). */
  readAllowances(refs: AllowanceRef[]): Promise<(bigint | null)[]>;
  /** The account's next nonce, counting its pending transactions (for a broadcaster's tx). */
  getAccountNonce(address: string): Promise<number>;

  /** JSON-RPC requests sent since creation (or the last reset): for benchmarks and tests. */
  rpcRequestCount(): number;
  resetRpcRequestCount(): void;
}

const L1_CHAIN_IDS = new Set([1, 11155111, 31337]);

function broadcastError(error: unknown): ChainError {
  const text =
    error instanceof Error
      ? `${error.message} ${(error as { details?: string }).details ?? ''}`
      : String(error);
  if (isTransportFailure(error)) return new ChainError('RPC_ERROR', 'node unreachable', { cause: error });
  if (/nonce too low|nonce has already been used|nonce.*lower than/i.test(text))
    return new ChainError('NONCE_TOO_LOW', 'nonce too low', { cause: error });
  if (/insufficient funds/i.test(text))
    return new ChainError('INSUFFICIENT_FUNDS', 'sender cannot pay value + gas', { cause: error });
  if (/already known|known transaction|already imported/i.test(text))
    return new ChainError('ALREADY_KNOWN', 'transaction already known', { cause: error });
  if (/underpriced|fee too low|max fee per gas less than block base fee/i.test(text))
    return new ChainError('FEE_TOO_LOW', 'fee too low', { cause: error });
  return new ChainError('RPC_ERROR', `broadcast refused: ${text.slice(0, 300)}`, { cause: error });
}

export function createEvmAdapter(config: EvmAdapterConfig): EvmAdapter {
  const { info } = config;
  if (info.family !== 'EVM' || typeof info.chainId !== 'number')
    throw new ChainError('INVALID_ARGUMENT', `${info.key} is not an EVM chain`);
  const chainId = info.chainId;
  const contracts: EvmContracts = Object.freeze({
    safeSingleton: normalizeEvmAddress(config.contracts.safeSingleton),
    safeL2Singleton: config.contracts.safeL2Singleton
      ? normalizeEvmAddress(config.contracts.safeL2Singleton)
      : undefined,
    safeProxyFactory: normalizeEvmAddress(config.contracts.safeProxyFactory),
    compatibilityFallbackHandler: normalizeEvmAddress(config.contracts.compatibilityFallbackHandler),
    multiSendCallOnly: normalizeEvmAddress(config.contracts.multiSendCallOnly),
    multicall3: normalizeEvmAddress(config.contracts.multicall3),
  });
  const rpc = createCountingClient(info, config.rpcUrl, contracts.multicall3, config.timeoutMs);
  const { client } = rpc;
  const ctx: EvmContext = { info, chainId, client, contracts };
  const useL2 = config.useSafeL2 ?? (contracts.safeL2Singleton !== undefined && !L1_CHAIN_IDS.has(chainId));
  const singleton = useL2 && contracts.safeL2Singleton ? contracts.safeL2Singleton : contracts.safeSingleton;
  const safeOps = createSafeOps(ctx, singleton);
  const minPriorityFee = config.minPriorityFeeWei ?? defaultMinPriorityFee(chainId);

  const getCode = async (address: Address): Promise<Hex | undefined> => {
    try {
      return await client.getCode({ address });
    } catch (error) {
      throw new ChainError('RPC_ERROR', 'eth_getCode failed', { cause: error });
    }
  };

  async function getConfirmation(
    txHash: string,
    options: { minConfirmations?: number } = {},
  ): Promise<EvmConfirmationStatus> {
    if (!/^0x[0-9a-fA-F]{64}$/.test(txHash))
      throw new ChainError('INVALID_ARGUMENT', 'not a transaction hash');
    const hash = txHash as Hex;
    let receipt;
    try {
      receipt = await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError))
        throw new ChainError('RPC_ERROR', 'eth_getTransactionReceipt failed', { cause: error });
      try {
        await client.getTransaction({ hash });
        return { state: 'pending' };
      } catch (inner) {
        if (inner instanceof TransactionNotFoundError) return { state: 'unknown' };
        throw new ChainError('RPC_ERROR', 'eth_getTransactionByHash failed', { cause: inner });
      }
    }
    const latest = await client.getBlockNumber({ cacheTime: 0 });
    const confirmations = Number(latest - receipt.blockNumber + 1n);
    const base = {
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      confirmations,
      fee: receipt.gasUsed * receipt.effectiveGasPrice,
    };
    if (receipt.status !== 'success') {
      let reason = 'reverted';
      try {
        const tx = await client.getTransaction({ hash });
        await client.call({
          account: tx.from,
          to: tx.to,
          data: tx.input,
          value: tx.value,
          gas: tx.gas,
          blockNumber: receipt.blockNumber - 1n,
        });
      } catch (error) {
        if (!isTransportFailure(error)) reason = revertReason(error);
      }
      return { state: 'failed', ...base, reason };
    }
    let safeExecution: EvmConfirmationStatus['safeExecution'];
    for (const log of receipt.logs) {
      try {
        const event = decodeEventLog({ abi: safeAbi, data: log.data, topics: log.topics });
        if (event.eventName === 'ExecutionSuccess' || event.eventName === 'ExecutionFailure') {
          safeExecution = {
            safe: normalizeEvmAddress(log.address),
            safeTxHash: event.args.txHash,
            success: event.eventName === 'ExecutionSuccess',
          };
        }
      } catch {
        // not a Safe event
      }
    }
    if (safeExecution && !safeExecution.success) {
      return {
        state: 'failed',
        ...base,
        reason: 'Safe ExecutionFailure: the inner call failed (gas refund paid, nonce used)',
        safeExecution,
      };
    }
    const needed = options.minConfirmations ?? 1;
    return { state: confirmations >= needed ? 'confirmed' : 'pending', ...base, safeExecution };
  }

  async function verifyMessage(address: string, message: string, signature: string): Promise<boolean> {
    if (!isValidEvmAddress(address)) return false;
    const account = normalizeEvmAddress(address);
    const digest = hashMessage(message);
    if (typeof signature === 'string' && signature.length === 132) {
      try {
        const sig = parseEcdsaSignature(signature);
        if (sig.v === 0 || sig.v === 1 || sig.v === 27 || sig.v === 28) {
          const recovered = await recoverEcdsa(
            digest,
            sig,
            (27 + (sig.v >= 27 ? sig.v - 27 : sig.v)) as 27 | 28,
          );
          if (isAddressEqual(recovered, account)) return true;
        }
      } catch (error) {
        if (!(error instanceof ChainError)) throw error;
      }
    }
    if (typeof signature !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(signature)) return false;
    const code = await getCode(account);
    if (!code || code === '0x') return false;
    try {
      const magic = await client.readContract({
        address: account,
        abi: eip1271Abi,
        functionName: 'isValidSignature',
        args: [digest, signature as Hex],
      });
      return magic.toLowerCase() === EIP1271_MAGIC_VALUE;
    } catch (error) {
      rethrowTransport(error, 'isValidSignature');
      return false;
    }
  }

  return {
    info,
    chainId,
    contracts,
    recovery: config.recovery ? evmRecoveryOps(ctx, config.recovery) : null,
    safeSingleton: singleton,
    isValidAddress: isValidEvmAddress,
    normalizeAddress: normalizeEvmAddress,
    async isContract(address) {
      const code = await getCode(normalizeEvmAddress(address));
      return Boolean(code && code !== '0x');
    },
    getBalances: (holders: string[], tokens: TokenRef[]): Promise<BalanceSheet> =>
      getBalances(ctx, holders, tokens),
    readToken: (contract) => readToken(ctx, contract),
    getFeeTiers: () => getFeeTiers(ctx, minPriorityFee),
    async broadcast(rawTransaction) {
      if (!/^0x([0-9a-fA-F]{2})+$/.test(rawTransaction))
        throw new ChainError('INVALID_ARGUMENT', 'raw transaction must be hex bytes');
      try {
        return await client.sendRawTransaction({ serializedTransaction: rawTransaction as Hex });
      } catch (error) {
        throw broadcastError(error);
      }
    },
    getConfirmation,
    verifyMessage,
    async ping() {
      try {
        return (await client.getChainId()) === chainId;
      } catch {
        return false;
      }
    },

    predictSafeAddress: async (params) => (await safeOps.buildSafeDeployment(params)).predictedAddress,
    buildSafeDeployment: safeOps.buildSafeDeployment,
    readSafe: safeOps.readSafe,
    readSafeAndBalances: safeOps.readSafeAndBalances,

    buildTransfer({ safe, ...rest }) {
      normalizeEvmAddress(safe);
      return buildTransfer(rest);
    },
    buildRejection,
    buildContractCall,
    buildCallsTx: (params) => buildCallsTx({ ...params, multiSendCallOnly: contracts.multiSendCallOnly }),
    async callReverts(call) {
      try {
        await client.call({
          account: normalizeEvmAddress(call.from),
          to: normalizeEvmAddress(call.to),
          value: call.value,
          data: call.data,
        });
        return null;
      } catch (error) {
        rethrowTransport(error, 'eth_call');
        return revertReason(error);
      }
    },
    async readRpc(method, params) {
      if (!READ_RPC_METHODS.includes(method))
        throw new ChainError('INVALID_ARGUMENT', `${method} is not a read`);
      try {
        return await client.request({ method, params } as never);
      } catch (error) {
        rethrowTransport(error, method);
        throw new ChainError('RPC_ERROR', `${method}: ${revertReason(error)}`, { cause: error });
      }
    },
    buildBatchTransfer: (params) =>
      buildBatchTransfer({ ...params, multiSendCallOnly: contracts.multiSendCallOnly }),
    safeTxHash,
    typedData: safeTxTypedData,
    verifySafeSignature: safeOps.verifySafeSignature,
    encodeSafeSignatures,
    buildExecTransaction: (safe, tx, signatures) => ({
      to: normalizeEvmAddress(safe),
      data: encodeExecTransaction(tx, signatures),
      value: 0n,
    }),
    simulateExec: safeOps.simulateExec,

    getTransfersTo: (addresses, tokens, fromBlock, toBlock) =>
      getTransfersTo(ctx, addresses, tokens, fromBlock, toBlock),
    getApprovalsBy: (owners, fromBlock, toBlock) => getApprovalsBy(ctx, owners, fromBlock, toBlock),
    readAllowances: (refs) => readAllowances(ctx, refs),
    async getBlockNumber() {
      try {
        return await client.getBlockNumber({ cacheTime: 0 });
      } catch (error) {
        throw new ChainError('RPC_ERROR', 'eth_blockNumber failed', { cause: error });
      }
    },

    async estimateGas(call) {
      try {
        return await client.estimateGas({
          ...(call.from ? { account: normalizeEvmAddress(call.from) } : {}),
          to: normalizeEvmAddress(call.to),
          data: call.data as Hex,
          value: call.value ?? 0n,
        });
      } catch (error) {
        throw new ChainError('RPC_ERROR', 'eth_estimateGas failed', { cause: error });
      }
    },

    async getAccountNonce(address) {
      try {
        return await client.getTransactionCount({
          address: normalizeEvmAddress(address),
          blockTag: 'pending',
        });
      } catch (error) {
        throw new ChainError('RPC_ERROR', 'eth_getTransactionCount failed', { cause: error });
      }
    },

    rpcRequestCount: rpc.count,
    resetRpcRequestCount: rpc.reset,
  };
}
