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
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  isAddressEqual,
  keccak256,
  maxUint256,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { ChainError } from '../errors';
import { normalizeEvmAddress } from './address';
import type { BatchCall } from './multi-send';
import {
  MIN_RECOVERY_EXPIRATION,
  SENTINEL_ADDRESS,
  moduleProxyFactoryAbi,
  recoveryDelayAbi,
  safeRecoveryAbi,
} from './recovery-abi';

export * from './recovery-abi';
export * from './recovery-read';

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
