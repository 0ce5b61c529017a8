// Emergency recovery of a Safe through a time-delay modifier (the Zodiac Delay pattern).
//
// Set-up (one Safe transaction of the owners, a MultiSendCallOnly batch): a per-Safe Delay is
// deployed as a minimal proxy by Zodiac's ModuleProxyFactory (CREATE2, so its address is known
// first), with owner = avatar = target = the Safe; the Safe enables the Delay as a module; the
// Delay enables the recoverer as ITS module. The recoverer can then only QUEUE calls on the
// Delay: it queues swapOwner(prev, lost, new) on the Safe from its own EOA. After `cooldown`
// seconds anyone runs it with executeNextTx; until then the owners veto with a Safe transaction
// calling setTxNonce(queueNonce) on the Delay (every queued call is skipped). Disabling the Delay
// on the Safe ends recovery.
//
// Pure builders plus two reads; nothing here signs or sends. Works with any Delay of the Zodiac
// interface (the devnet's RecoveryDelay, or the Zodiac Delay mastercopy).
import {
  concat,
  decodeAbiParameters,
  decodeEventLog,
  decodeFunctionData,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  encodePacked,
  getAddress,
  getContractAddress,
  isAddressEqual,
  keccak256,
  maxUint256,
  numberToHex,
  size,
  zeroAddress,
  type Address,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { ChainError } from '../errors';
import { multicall3Abi, safeAbi } from './abi';
import { normalizeEvmAddress } from './address';
import { CANONICAL_EVM_CONTRACTS } from './context';
import type { BatchCall } from './multi-send';
import { rethrowTransport } from './rpc';
import { inWindows, LOG_BLOCK_RANGE } from './transfers';

/** Head and tail of linked lists in Safe and Zodiac contracts (owners, modules). */
export const SENTINEL_ADDRESS: Address = '0x0000000000000000000000000000000000000001';

/** Shortest expiration a Delay accepts (0 = queued calls never expire). */
export const MIN_RECOVERY_EXPIRATION = 60n;

/** The parts of the Zodiac Delay interface recovery uses. */
export const recoveryDelayAbi = [
  {
    type: 'function',
    name: 'setUp',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'initParams', type: 'bytes' }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'enableModule',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'module', type: 'address' }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'execTransactionFromModule',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
      { name: 'operation', type: 'uint8' },
    ],
    outputs: [{ name: 'success', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'executeNextTx',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
      { name: 'operation', type: 'uint8' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'setTxNonce',
    stateMutability: 'nonpayable',
    inputs: [{ name: '_nonce', type: 'uint256' }],
    outputs: [],
  },
  ...(['txNonce', 'queueNonce', 'txCooldown', 'txExpiration'] as const).map(
    (name) =>
      ({
        type: 'function',
        name,
        stateMutability: 'view',
        inputs: [],
        outputs: [{ name: '', type: 'uint256' }],
      }) as const,
  ),
  ...(['owner', 'avatar', 'target'] as const).map(
    (name) =>
      ({
        type: 'function',
        name,
        stateMutability: 'view',
        inputs: [],
        outputs: [{ name: '', type: 'address' }],
      }) as const,
  ),
  {
    type: 'function',
    name: 'txCreatedAt',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'uint256' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'getModulesPaginated',
    stateMutability: 'view',
    inputs: [
      { name: 'start', type: 'address' },
      { name: 'pageSize', type: 'uint256' },
    ],
    outputs: [
      { name: 'array', type: 'address[]' },
      { name: 'next', type: 'address' },
    ],
  },
  {
    type: 'event',
    name: 'TransactionAdded',
    inputs: [
      { name: 'queueNonce', type: 'uint256', indexed: true },
      { name: 'txHash', type: 'bytes32', indexed: true },
      { name: 'to', type: 'address', indexed: false },
      { name: 'value', type: 'uint256', indexed: false },
      { name: 'data', type: 'bytes', indexed: false },
      { name: 'operation', type: 'uint8', indexed: false },
    ],
  },
] as const;

/** Zodiac's ModuleProxyFactory. */
export const moduleProxyFactoryAbi = [
  {
    type: 'function',
    name: 'deployModule',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'masterCopy', type: 'address' },
      { name: 'initializer', type: 'bytes' },
      { name: 'saltNonce', type: 'uint256' },
    ],
    outputs: [{ name: 'proxy', type: 'address' }],
  },
  {
    type: 'event',
    name: 'ModuleProxyCreation',
    inputs: [
      { name: 'proxy', type: 'address', indexed: true },
      { name: 'masterCopy', type: 'address', indexed: true },
    ],
  },
] as const;

/** The Safe's module and owner management that recovery calls. */
export const safeRecoveryAbi = [
  {
    type: 'function',
    name: 'enableModule',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'module', type: 'address' }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'disableModule',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'prevModule', type: 'address' },
      { name: 'module', type: 'address' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'isModuleEnabled',
    stateMutability: 'view',
    inputs: [{ name: 'module', type: 'address' }],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'swapOwner',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'prevOwner', type: 'address' },
      { name: 'oldOwner', type: 'address' },
      { name: 'newOwner', type: 'address' },
    ],
    outputs: [],
  },
] as const;

/** Multicall3's block reads, used to pin a second read to the block of the first. */
const multicall3BlockAbi = [
  {
    type: 'function',
    name: 'getBlockNumber',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: 'blockNumber', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'getCurrentBlockTimestamp',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: 'timestamp', type: 'uint256' }],
  },
] as const;

/** What a Safe's Delay is set up with; together with the factory and salt it fixes its address. */
export interface RecoveryDelayParams {
  /** ModuleProxyFactory that deploys the Delay proxy. */
  factory: string;
  /** Delay mastercopy the proxy delegates to. */
  mastercopy: string;
  safe: string;
  /** Seconds between queuing a recovery and when it may run: the owners' time to veto. */
  cooldown: bigint;
  /** Seconds after the cooldown during which it may run; 0: no limit, else at least 60. */
  expiration: bigint;
  saltNonce: bigint;
}

function checkUint(value: bigint, what: string): bigint {
  if (typeof value !== 'bigint' || value < 0n || value > maxUint256) {
    throw new ChainError('INVALID_ARGUMENT', `${what} must be a uint256`);
  }
  return value;
}

function checkTiming(cooldown: bigint, expiration: bigint): void {
  checkUint(cooldown, 'cooldown');
  checkUint(expiration, 'expiration');
  if (cooldown === 0n) {
    throw new ChainError(
      'INVALID_ARGUMENT',
      'cooldown must be positive: a recovery without a delay cannot be vetoed',
    );
  }
  if (expiration !== 0n && expiration < MIN_RECOVERY_EXPIRATION) {
    throw new ChainError(
      'INVALID_ARGUMENT',
      `expiration must be 0 or at least ${MIN_RECOVERY_EXPIRATION} seconds`,
    );
  }
}

/** An address that may be a module or an owner: not 0x0 nor the lists' sentinel 0x…01. */
function memberAddress(address: string, what: string): Address {
  const normalized = normalizeEvmAddress(address);
  if (isAddressEqual(normalized, zeroAddress) || isAddressEqual(normalized, SENTINEL_ADDRESS)) {
    throw new ChainError('INVALID_ARGUMENT', `${what} cannot be ${normalized}`);
  }
  return normalized;
}

/** setUp(bytes) calldata of a Safe's Delay: owner = avatar = target = the Safe. */
export function recoveryDelayInitializer(params: {
  safe: string;
  cooldown: bigint;
  expiration: bigint;
}): Hex {
  const safe = normalizeEvmAddress(params.safe);
  checkTiming(params.cooldown, params.expiration);
  const initParams = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }],
    [safe, safe, safe, params.cooldown, params.expiration],
  );
  return encodeFunctionData({ abi: recoveryDelayAbi, functionName: 'setUp', args: [initParams] });
}

/**
 * The address ModuleProxyFactory.deployModule(mastercopy, initializer, saltNonce) gives: CREATE2
 * from the factory with salt keccak256(keccak256(initializer) ‖ saltNonce) over the factory's
 * EIP-1167-style minimal proxy creation code for `mastercopy`.
 */
export function recoveryDelayAddress(params: RecoveryDelayParams): Address {
  const factory = normalizeEvmAddress(params.factory);
  const mastercopy = normalizeEvmAddress(params.mastercopy);
  const initializer = recoveryDelayInitializer(params);
  const salt = keccak256(
    encodePacked(['bytes32', 'uint256'], [keccak256(initializer), checkUint(params.saltNonce, 'saltNonce')]),
  );
  const creationCode = concat([
    '0x602d8060093d393df3363d3d373d3d3d363d73',
    mastercopy,
    '0x5af43d82803e903d91602b57fd5bf3',
  ]);
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode: creationCode });
}

/**
 * The calls the Safe runs (one owners' transaction, through MultiSendCallOnly) to enable
 * recovery: deploy its Delay, enable the Delay on the Safe, enable the recoverer on the Delay.
 */
export function recoverySetupCalls(params: RecoveryDelayParams & { recoverer: string }): BatchCall[] {
  const safe = normalizeEvmAddress(params.safe);
  const recoverer = memberAddress(params.recoverer, 'the recoverer');
  if (isAddressEqual(recoverer, safe))
    throw new ChainError('INVALID_ARGUMENT', 'the Safe cannot be its own recoverer');
  const delay = recoveryDelayAddress(params);
  return [
    {
      to: normalizeEvmAddress(params.factory),
      value: 0n,
      data: encodeFunctionData({
        abi: moduleProxyFactoryAbi,
        functionName: 'deployModule',
        args: [normalizeEvmAddress(params.mastercopy), recoveryDelayInitializer(params), params.saltNonce],
      }),
    },
    {
      to: safe,
      value: 0n,
      data: encodeFunctionData({ abi: safeRecoveryAbi, functionName: 'enableModule', args: [delay] }),
    },
    {
      to: delay,
      value: 0n,
      data: encodeFunctionData({ abi: recoveryDelayAbi, functionName: 'enableModule', args: [recoverer] }),
    },
  ];
}

/** The entry before `item` in a Safe/Zodiac linked list given in its order (the sentinel for the first). */
function previousInList(list: readonly string[], item: Address, what: string): Address {
  const normalized = list.map((a) => normalizeEvmAddress(a));
  const index = normalized.findIndex((a) => isAddressEqual(a, item));
  if (index < 0) throw new ChainError('INVALID_ARGUMENT', `${item} is not one of the ${what}`);
  return index === 0 ? SENTINEL_ADDRESS : normalized[index - 1]!;
}

/** swapOwner(prev, lost, new) calldata for the Safe, prev found from `owners` (getOwners order). */
export function swapOwnerData(params: {
  safe: string;
  owners: readonly string[];
  lostOwner: string;
  newOwner: string;
}): Hex {
  const safe = normalizeEvmAddress(params.safe);
  const lostOwner = memberAddress(params.lostOwner, 'the lost owner');
  const newOwner = memberAddress(params.newOwner, 'the new owner');
  if (isAddressEqual(newOwner, safe)) throw new ChainError('INVALID_ARGUMENT', 'the Safe cannot own itself');
  if (params.owners.some((o) => isAddressEqual(normalizeEvmAddress(o), newOwner))) {
    throw new ChainError('INVALID_ARGUMENT', `${newOwner} is already an owner`);
  }
  const prevOwner = previousInList(params.owners, lostOwner, "Safe's owners");
  return encodeFunctionData({
    abi: safeRecoveryAbi,
    functionName: 'swapOwner',
    args: [prevOwner, lostOwner, newOwner],
  });
}

/**
 * The recoverer's own transaction (from its EOA, to the Delay): queue swapOwner(prev, lost, new)
 * on the Safe. Nothing runs before the cooldown; the owners can veto until then.
 */
export function recoveryQueueCall(params: {
  delay: string;
  safe: string;
  /** The Safe's owners as getOwners() returns them (its linked-list order). */
  owners: readonly string[];
  lostOwner: string;
  newOwner: string;
}): { to: Address; data: Hex } {
  const safe = normalizeEvmAddress(params.safe);
  return {
    to: normalizeEvmAddress(params.delay),
    data: encodeFunctionData({
      abi: recoveryDelayAbi,
      functionName: 'execTransactionFromModule',
      args: [safe, 0n, swapOwnerData(params), 0],
    }),
  };
}

/** The owners' veto (a Safe call): setTxNonce(queueNonce) skips everything queued so far. */
export function recoveryCancelCall(params: { delay: string; queueNonce: bigint }): BatchCall {
  if (checkUint(params.queueNonce, 'queueNonce') === 0n) {
    throw new ChainError('INVALID_ARGUMENT', 'nothing was ever queued (queueNonce 0)');
  }
  return {
    to: normalizeEvmAddress(params.delay),
    value: 0n,
    data: encodeFunctionData({
      abi: recoveryDelayAbi,
      functionName: 'setTxNonce',
      args: [params.queueNonce],
    }),
  };
}

/** A queued call as TransactionAdded reported it (what executeNextTx must be given back). */
export interface QueuedDelayCall {
  delay: string;
  to: string;
  value: bigint;
  data: Hex;
  operation: number;
}

/** executeNextTx(to, value, data, operation): anyone may send it once the cooldown has passed. */
export function recoveryExecuteCall(queued: QueuedDelayCall): { to: Address; data: Hex } {
  if (queued.operation !== 0 && queued.operation !== 1) {
    throw new ChainError('INVALID_ARGUMENT', `unknown operation ${queued.operation}`);
  }
  return {
    to: normalizeEvmAddress(queued.delay),
    data: encodeFunctionData({
      abi: recoveryDelayAbi,
      functionName: 'executeNextTx',
      args: [normalizeEvmAddress(queued.to), checkUint(queued.value, 'value'), queued.data, queued.operation],
    }),
  };
}

/**
 * The Safe calls that end recovery: disableModule(prev, delay), prev found from `modules` (the
 * Safe's modules in getModulesPaginated order). Whatever is queued on the Delay can then never run.
 */
export function recoveryDisableCalls(params: {
  safe: string;
  delay: string;
  modules: readonly string[];
}): BatchCall[] {
  const delay = normalizeEvmAddress(params.delay);
  const prev = previousInList(params.modules, delay, "Safe's modules");
  return [
    {
      to: normalizeEvmAddress(params.safe),
      value: 0n,
      data: encodeFunctionData({ abi: safeRecoveryAbi, functionName: 'disableModule', args: [prev, delay] }),
    },
  ];
}

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
