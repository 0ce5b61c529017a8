// Recovery's state on chain: the Delay and the Safe in one Multicall3 read, and the calls queued
// on the Delay from its TransactionAdded logs.
import {
  decodeAbiParameters,
  decodeEventLog,
  decodeFunctionData,
  decodeFunctionResult,
  encodeEventTopics,
  encodeFunctionData,
  getAddress,
  isAddressEqual,
  numberToHex,
  size,
  type Address,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { ChainError } from '../errors';
import { multicall3Abi, safeAbi } from './abi';
import { normalizeEvmAddress } from './address';
import { CANONICAL_EVM_CONTRACTS } from './context';
import { multicall3BlockAbi, recoveryDelayAbi, safeRecoveryAbi, SENTINEL_ADDRESS } from './recovery-abi';
import type { QueuedDelayCall } from './recovery';
import { rethrowTransport } from './rpc';
import { inWindows, LOG_BLOCK_RANGE } from './transfers';

/** The oldest queued call still to run, and when it may. */
export interface NextSafeRecovery {
  queueNonce: bigint;
  createdAt: bigint;
  /** createdAt + cooldown: executeNextTx works from this block timestamp on. */
  readyAt: bigint;
  /** readyAt + expiration, after which it can no longer run; null: never expires. */
  expiresAt: bigint | null;
}

export interface SafeRecoveryState {
  safe: Address;
  delay: Address;
  /** The Delay exists (answers txNonce and queueNonce); when false its fields below are null or empty. */
  deployed: boolean;
  /** The Safe has the Delay enabled as a module (recovery is on). */
  enabled: boolean;
  /** The Delay's owner, avatar and target (all the Safe for a Delay set up by recoverySetupCalls). */
  owner: Address | null;
  avatar: Address | null;
  target: Address | null;
  /** Modules of the Delay (the recoverers), first 10. */
  recoverers: Address[];
  txNonce: bigint | null;
  queueNonce: bigint | null;
  cooldown: bigint | null;
  expiration: bigint | null;
  /** Queued and neither run nor skipped: queueNonce - txNonce. */
  pending: bigint;
  next: NextSafeRecovery | null;
  /** The Safe's owners (getOwners order) and threshold; empty and 0 when the Safe has no code. */
  owners: Address[];
  threshold: number;
  /** Block the state was read at, and its timestamp. */
  blockNumber: bigint;
  timestamp: bigint;
}

/** What readRecovery needs of a client: eth_call (viem's PublicClient has it). */
export type RecoveryReadClient = Pick<PublicClient, 'call'>;

interface Call3 {
  target: Address;
  allowFailure: boolean;
  callData: Hex;
}

async function aggregate3(
  client: RecoveryReadClient,
  multicall3: Address,
  calls: Call3[],
  blockNumber?: bigint,
): Promise<(Hex | null)[]> {
  try {
    const { data } = await client.call({
      to: multicall3,
      data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }),
      ...(blockNumber === undefined ? {} : { blockNumber }),
    });
    if (!data) throw new ChainError('RPC_ERROR', `no Multicall3 at ${multicall3}`);
    return decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data }).map((r) =>
      r.success && size(r.returnData) > 0 ? r.returnData : null,
    );
  } catch (error) {
    rethrowTransport(error, 'multicall');
    if (error instanceof ChainError) throw error;
    throw new ChainError('RPC_ERROR', 'Multicall3 aggregate3 failed', { cause: error });
  }
}

function decodeWord<T>(decode: (data: Hex) => T, data: Hex | null): T | null {
  if (!data) return null;
  try {
    return decode(data);
  } catch {
    return null;
  }
}

/**
 * Recovery's state on chain in one Multicall3 eth_call: the Delay (has code, owner, avatar,
 * target, recoverers, nonces, cooldown, expiration), whether the Safe enabled it, the Safe's owners
 * and threshold, and the block. When a call is queued, txCreatedAt(txNonce) needs txNonce
 * first: a second eth_call, at the same block.
 */
export async function readRecovery(
  client: RecoveryReadClient,
  params: { safe: string; delay: string; multicall3?: string },
): Promise<SafeRecoveryState> {
  const safe = normalizeEvmAddress(params.safe);
  const delay = normalizeEvmAddress(params.delay);
  const multicall3 = normalizeEvmAddress(params.multicall3 ?? CANONICAL_EVM_CONTRACTS.multicall3);
  const call = (target: Address, callData: Hex): Call3 => ({ target, allowFailure: true, callData });
  const delayRead = (
    functionName: 'txNonce' | 'queueNonce' | 'txCooldown' | 'txExpiration' | 'owner' | 'avatar' | 'target',
  ) => call(delay, encodeFunctionData({ abi: recoveryDelayAbi, functionName }));
  const results = await aggregate3(client, multicall3, [
    call(multicall3, encodeFunctionData({ abi: multicall3BlockAbi, functionName: 'getBlockNumber' })),
    call(
      multicall3,
      encodeFunctionData({ abi: multicall3BlockAbi, functionName: 'getCurrentBlockTimestamp' }),
    ),
    delayRead('txNonce'),
    delayRead('queueNonce'),
    delayRead('txCooldown'),
    delayRead('txExpiration'),
    delayRead('owner'),
    delayRead('avatar'),
    delayRead('target'),
    call(
      delay,
      encodeFunctionData({
        abi: recoveryDelayAbi,
        functionName: 'getModulesPaginated',
        args: [SENTINEL_ADDRESS, 10n],
      }),
    ),
    call(safe, encodeFunctionData({ abi: safeRecoveryAbi, functionName: 'isModuleEnabled', args: [delay] })),
    call(safe, encodeFunctionData({ abi: safeAbi, functionName: 'getOwners' })),
    call(safe, encodeFunctionData({ abi: safeAbi, functionName: 'getThreshold' })),
  ]);
  const uint = (data: Hex | null) =>
    decodeWord((d) => decodeAbiParameters([{ type: 'uint256' }], d)[0], data);
  const address = (data: Hex | null) =>
    decodeWord((d) => getAddress(decodeAbiParameters([{ type: 'address' }], d)[0]), data);
  const [block, timestamp, txNonce = null, queueNonce = null, cooldown = null, expiration = null] = results
    .slice(0, 6)
    .map(uint);
  const [owner = null, avatar = null, target = null] = results.slice(6, 9).map(address);
  if (block == null || timestamp == null) throw new ChainError('RPC_ERROR', `no Multicall3 at ${multicall3}`);
  const recoverers =
    decodeWord(
      (d) => decodeFunctionResult({ abi: recoveryDelayAbi, functionName: 'getModulesPaginated', data: d })[0],
      results[9]!,
    ) ?? [];
  const enabled =
    decodeWord(
      (d) => decodeFunctionResult({ abi: safeRecoveryAbi, functionName: 'isModuleEnabled', data: d }),
      results[10]!,
    ) ?? false;
  const owners =
    decodeWord(
      (d) => decodeFunctionResult({ abi: safeAbi, functionName: 'getOwners', data: d }),
      results[11]!,
    ) ?? [];
  const threshold = uint(results[12]!) ?? 0n;
  // A Delay answers txNonce and queueNonce: an address without code answers nothing.
  const deployed = txNonce !== null && queueNonce !== null;
  const pending = deployed && queueNonce! > txNonce! ? queueNonce! - txNonce! : 0n;

  let next: NextSafeRecovery | null = null;
  if (pending > 0n) {
    const [createdAtData] = await aggregate3(
      client,
      multicall3,
      [
        call(
          delay,
          encodeFunctionData({ abi: recoveryDelayAbi, functionName: 'txCreatedAt', args: [txNonce!] }),
        ),
      ],
      block,
    );
    const createdAt = uint(createdAtData ?? null) ?? 0n;
    const readyAt = createdAt + (cooldown ?? 0n);
    next = { queueNonce: txNonce!, createdAt, readyAt, expiresAt: expiration ? readyAt + expiration : null };
  }
  return {
    safe,
    delay,
    deployed,
    enabled,
    owner,
    avatar,
    target,
    recoverers: recoverers.map((a) => getAddress(a)),
    txNonce,
    queueNonce,
    cooldown,
    expiration,
    pending,
    next,
    owners: owners.map((a) => getAddress(a)),
    threshold: Number(threshold),
    blockNumber: block,
    timestamp,
  };
}

/** A TransactionAdded of the Delay: a queued call, with the owner swap it makes when it is one. */
export interface QueuedSafeRecovery extends QueuedDelayCall {
  delay: Address;
  to: Address;
  queueNonce: bigint;
  txHash: Hex;
  /**
   * Set when the queued call is a CALL, without value, of swapOwner on `safe` (when given; else
   * on `to`, whatever it is): the owner it replaces and the one it puts in its place.
   */
  swap: { prevOwner: Address; oldOwner: Address; newOwner: Address } | null;
  blockNumber: bigint;
  transactionHash: Hex;
  logIndex: number;
}

/** What queuedRecoveries needs of a client (viem's PublicClient has it). */
export type RecoveryLogClient = Pick<PublicClient, 'request'>;

/**
 * The calls queued on a Delay in [fromBlock, toBlock] (toBlock: the latest block), in queue
 * order, from its TransactionAdded logs (one eth_getLogs per LOG_BLOCK_RANGE blocks). Whether one
 * is still pending: compare its queueNonce with readRecovery's txNonce.
 */
export async function queuedRecoveries(
  client: RecoveryLogClient,
  params: { delay: string; fromBlock: bigint; toBlock?: bigint; safe?: string },
): Promise<QueuedSafeRecovery[]> {
  const delay = normalizeEvmAddress(params.delay);
  const safe = params.safe === undefined ? null : normalizeEvmAddress(params.safe);
  const request = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      rethrowTransport(error, what);
      throw new ChainError('RPC_ERROR', `${what} failed`, { cause: error });
    }
  };
  const toBlock =
    params.toBlock ??
    BigInt(await request('eth_blockNumber', () => client.request({ method: 'eth_blockNumber' })));
  if (params.fromBlock < 0n || toBlock < params.fromBlock) {
    throw new ChainError('INVALID_ARGUMENT', 'invalid block range');
  }
  const topics = encodeEventTopics({ abi: recoveryDelayAbi, eventName: 'TransactionAdded' });
  const logs = await inWindows(params.fromBlock, toBlock, LOG_BLOCK_RANGE, (a, b) =>
    request(
      'eth_getLogs',
      async () =>
        (await client.request({
          method: 'eth_getLogs',
          params: [{ address: delay, topics, fromBlock: numberToHex(a), toBlock: numberToHex(b) }],
        })) as Log<Hex, Hex, false>[],
    ),
  );
  const queued: QueuedSafeRecovery[] = [];
  for (const log of logs) {
    if (log.removed) continue;
    let args;
    try {
      args = decodeEventLog({
        abi: recoveryDelayAbi,
        eventName: 'TransactionAdded',
        data: log.data,
        topics: log.topics as [Hex, ...Hex[]],
      }).args;
    } catch {
      continue;
    }
    const to = getAddress(args.to);
    queued.push({
      delay,
      to,
      value: args.value,
      data: args.data,
      operation: args.operation,
      queueNonce: args.queueNonce,
      txHash: args.txHash,
      swap:
        args.operation === 0 && args.value === 0n && (!safe || isAddressEqual(to, safe))
          ? decodeSwap(args.data)
          : null,
      blockNumber: BigInt(log.blockNumber),
      transactionHash: log.transactionHash,
      logIndex: Number(log.logIndex),
    });
  }
  return queued.sort((a, b) => (a.queueNonce < b.queueNonce ? -1 : a.queueNonce > b.queueNonce ? 1 : 0));
}

function decodeSwap(data: Hex): QueuedSafeRecovery['swap'] {
  try {
    const call = decodeFunctionData({ abi: safeRecoveryAbi, data });
    if (call.functionName !== 'swapOwner') return null;
    const [prevOwner, oldOwner, newOwner] = call.args;
    return {
      prevOwner: getAddress(prevOwner),
      oldOwner: getAddress(oldOwner),
      newOwner: getAddress(newOwner),
    };
  } catch {
    return null;
  }
}
