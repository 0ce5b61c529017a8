// SYNTHETIC: the in-memory chain behind the Tron fixture node (fixture-node.ts). Nothing here comes
// from a real Tron node; amounts, fees and permissions follow java-tron's rules as documented, with
// simplifications named where they are made. Time is fixture time: 3 s per block, no real clock.
import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';
import { toHex } from './address.js';
import type { DecodedRawData, JsonObject, PermissionJson } from './independent.js';

/** The fixture's TRC20 "USDT" (6 decimals): 0x41 ‖ keccak256("Keystead tron-fixture-node USDT")[12..]. */
export const FIXTURE_USDT = 'TNXeW1eUrWMkWePCkh1R6vMQRBK5avdC9k';
export const FIXTURE_USDT_HEX = '4189c41b17e8dc693265ee7278117203a9d37d7d89';
export const FIXTURE_USDT_DECIMALS = 6;

export const BLOCK_INTERVAL_MS = 3000;
/** java-tron: a transaction may expire at most 24 h after the head block (MAXIMUM_TIME_UNTIL_EXPIRATION). */
export const MAX_EXPIRATION_MS = 24 * 60 * 60 * 1000;
/** java-tron counts 64 bytes of result per transaction into its bandwidth size (MAX_RESULT_SIZE_IN_TX). */
export const RESULT_BYTES = 64;

/** Active-permission operations of a new mainnet account (every type but owner-only ones such as 46). */
export const DEFAULT_ACTIVE_OPERATIONS = '7fff1fc0033efb0f000000000000000000000000000000000000000000000000';

/** Mainnet values of the chain parameters the fixture uses (getchainparameters keys). */
export const MAINNET_CHAIN_PARAMETERS: Record<string, number> = {
  getMaintenanceTimeInterval: 21600000,
  getAccountUpgradeCost: 9999000000,
  getCreateAccountFee: 100000,
  getTransactionFee: 1000,
  getAssetIssueFee: 1024000000,
  getWitnessPayPerBlock: 16000000,
  getWitnessStandbyAllowance: 115200000000,
  getCreateNewAccountFeeInSystemContract: 1000000,
  getCreateNewAccountBandwidthRate: 1,
  getAllowCreationOfContracts: 1,
  getRemoveThePowerOfTheGr: -1,
  getEnergyFee: 210,
  getExchangeCreateFee: 1024000000,
  getMaxCpuTimeOfOneTx: 80,
  getAllowUpdateAccountName: 0,
  getAllowSameTokenName: 1,
  getAllowDelegateResource: 1,
  getTotalEnergyLimit: 180000000000,
  getAllowTvmTransferTrc10: 1,
  getTotalEnergyCurrentLimit: 180000000000,
  getAllowMultiSign: 1,
  getAllowAdaptiveEnergy: 0,
  getUpdateAccountPermissionFee: 100000000,
  getMultiSignFee: 1000000,
  getAllowTvmConstantinople: 1,
  getAllowTvmSolidity059: 1,
  getFreeNetLimit: 600,
  getTotalNetLimit: 43200000000,
  getMaxFeeLimit: 15000000000,
  getMemoFee: 1000000,
};

export interface FixtureAccount {
  address: string;
  balance: bigint;
  createTime: number;
  owner: PermissionJson;
  actives: PermissionJson[];
  /** Free bandwidth used on fixtureDay (a simplification of java-tron's 24 h sliding window). */
  freeNetUsed: number;
  freeNetDay: number;
}

export interface StoredTx {
  txID: string;
  rawDataHex: string;
  signatures: string[];
  decoded: DecodedRawData;
  contractRet: string;
  /** gettransactioninfobyid, base58 addresses; empty until the tx is in a block. */
  info: JsonObject;
  blockNumber?: number;
}

export interface FixtureBlock {
  number: number;
  blockID: string;
  parentHash: string;
  timestamp: number;
  txs: StoredTx[];
}

export type FailReason = 'OUT_OF_ENERGY' | 'REVERT';

export function defaultPermissions(address: string): Pick<FixtureAccount, 'owner' | 'actives'> {
  return {
    owner: { type: 'Owner', id: 0, permission_name: 'owner', threshold: 1, keys: [{ address, weight: 1 }] },
    actives: [
      {
        type: 'Active',
        id: 2,
        permission_name: 'active',
        threshold: 1,
        operations: DEFAULT_ACTIVE_OPERATIONS,
        keys: [{ address, weight: 1 }],
      },
    ],
  };
}

/** Block id as java-tron forms it: 8-byte big-endian number ‖ the last 24 bytes of a header hash. */
function blockIdOf(number: number, parentHash: string, timestamp: number, txIds: string[], fork = 0): string {
  // `fork` tells apart a block rebuilt at the same height after a reorg.
  const hash = toHex(sha256(utf8ToBytes(`${number}|${parentHash}|${timestamp}|${txIds.join(',')}|${fork}`)));
  return number.toString(16).padStart(16, '0') + hash.slice(16);
}

export class FixtureChain {
  readonly params: Record<string, number>;
  readonly accounts = new Map<string, FixtureAccount>();
  readonly blocks: FixtureBlock[] = [];
  /** FIXTURE_USDT balances by holder (base58). */
  readonly usdt = new Map<string, bigint>();
  readonly txs = new Map<string, StoredTx>();
  pending: StoredTx[] = [];
  failNext: FailReason | undefined;
  /** Account and token state before each recent block, for reorgs (the last 64 blocks). */
  private readonly before = new Map<
    number,
    { accounts: Map<string, FixtureAccount>; usdt: Map<string, bigint> }
  >();
  private forks = 0;

  constructor(startTime: number, params: Partial<Record<string, number>> = {}) {
    this.params = { ...MAINNET_CHAIN_PARAMETERS };
    for (const [k, v] of Object.entries(params)) if (v !== undefined) this.params[k] = v;
    const timestamp = startTime - (startTime % BLOCK_INTERVAL_MS);
    const parentHash = '0'.repeat(64);
    this.blocks.push({
      number: 0,
      blockID: blockIdOf(0, parentHash, timestamp, []),
      parentHash,
      timestamp,
      txs: [],
    });
  }

  param(key: string): number {
    const v = this.params[key];
    if (v === undefined) throw new Error(`no chain parameter ${key}`);
    return v;
  }

  get head(): FixtureBlock {
    return this.blocks[this.blocks.length - 1]!;
  }

  account(address: string): FixtureAccount | undefined {
    return this.accounts.get(address);
  }

  /** Creates (activates) an account with java-tron's default owner and active permissions. */
  createAccount(address: string, time: number): FixtureAccount {
    const existing = this.accounts.get(address);
    if (existing) return existing;
    const account: FixtureAccount = {
      address,
      balance: 0n,
      createTime: time,
      ...defaultPermissions(address),
      freeNetUsed: 0,
      freeNetDay: 0,
    };
    this.accounts.set(address, account);
    return account;
  }

  /** Seals the pending transactions into a new block 3 s after the head; apply() runs each one. */
  produceBlock(apply: (tx: StoredTx, block: FixtureBlock) => void): FixtureBlock {
    const parent = this.head;
    const number = parent.number + 1;
    const timestamp = parent.timestamp + BLOCK_INTERVAL_MS;
    const txs = this.pending;
    this.pending = [];
    this.before.set(number, { accounts: structuredClone(this.accounts), usdt: new Map(this.usdt) });
    this.before.delete(number - 64);
    const blockID = blockIdOf(
      number,
      parent.blockID,
      timestamp,
      txs.map((t) => t.txID),
      this.forks,
    );
    const block: FixtureBlock = { number, blockID, parentHash: parent.blockID, timestamp, txs };
    for (const tx of txs) {
      tx.blockNumber = number;
      apply(tx, block);
    }
    this.blocks.push(block);
    return block;
  }

  /**
   * SYNTHETIC reorg: blocks from `number` on leave the chain, their effects are undone and their
   * transactions are forgotten (as a node that never saw the fork's blocks); the next block is
   * another block at that height.
   */
  rollBack(number: number): void {
    const state = this.before.get(number);
    if (!state || number < 1 || number > this.head.number) throw new Error(`cannot roll back to ${number}`);
    for (const block of this.blocks.splice(number)) for (const tx of block.txs) this.txs.delete(tx.txID);
    this.accounts.clear();
    for (const [k, v] of state.accounts) this.accounts.set(k, v);
    this.usdt.clear();
    for (const [k, v] of state.usdt) this.usdt.set(k, v);
    for (const n of [...this.before.keys()]) if (n >= number) this.before.delete(n);
    this.forks += 1;
  }

  blockByNumber(number: number): FixtureBlock | undefined {
    return Number.isInteger(number) ? this.blocks[number] : undefined;
  }

  blockById(id: string): FixtureBlock | undefined {
    return this.blocks.find((b) => b.blockID === id.toLowerCase());
  }

  /** TaPoS as java-tron checks it: the last 2 bytes of a recent block's number and bytes 8..16 of its id. */
  taposMatches(refBlockBytes: string, refBlockHash: string): boolean {
    for (let i = this.blocks.length - 1; i >= 0 && i >= this.blocks.length - 65536; i--) {
      const b = this.blocks[i]!;
      if (b.number.toString(16).padStart(16, '0').slice(-4) !== refBlockBytes) continue;
      return b.blockID.slice(16, 32) === refBlockHash;
    }
    return false;
  }

  /** Free bandwidth left for an account today (fixture day of the head block). */
  freeNetLeft(account: FixtureAccount, time: number): number {
    const day = Math.floor(time / 86_400_000);
    const used = account.freeNetDay === day ? account.freeNetUsed : 0;
    return Math.max(0, this.param('getFreeNetLimit') - used);
  }

  useFreeNet(account: FixtureAccount, time: number, bytes: number): void {
    const day = Math.floor(time / 86_400_000);
    if (account.freeNetDay !== day) {
      account.freeNetDay = day;
      account.freeNetUsed = 0;
    }
    account.freeNetUsed += bytes;
  }
}
