// The Zodiac Delay interface recovery uses, and the Safe's module and owner functions.
import type { Address } from 'viem';

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
export const multicall3BlockAbi = [
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
