// The VM and the little a node keeps around it: the slot (one block per slot, so block height ==
// slot), the recent blockhashes, the addresses seen so far and the transaction history.
//
// Blockhash expiry. LiteSVM 1.5.0 accepts a transaction only if its recentBlockhash equals the VM's
// *current* blockhash (or it is a valid durable-nonce transaction): one expireBlockhash() and every
// earlier blockhash is refused with BlockhashNotFound (checked; see check_transaction_age in
// litesvm's lib.rs). A real node accepts any of the last 150 blockhashes (MAX_PROCESSING_AGE), and
// web3.js relies on that: it caches a blockhash for 30 s across transactions. So the chain keeps
// the blockhashes of the last 150 slots; for a transaction whose blockhash is in that window but is
// not the current one, it switches the VM's blockhash check off for that one call. Every other
// transaction meets the VM's own check, so blockhashes older than 150 slots (and unknown ones)
// are refused by LiteSVM itself.
//
// Slots. A new LiteSVM 1.5.0 starts its clock, and its SlotHashes sysvar, at the slot where mainnet
// activated the newest feature it knows (some 447 million). The devnet starts at slot 0, like
// solana-test-validator: it moves the clock there and keeps SlotHashes in step with its own slots
// (the Address Lookup Table program checks a new table's recent slot against them).
import {
  AddressLookupTableAccount,
  MessageAccountKeys,
  VersionedTransaction,
  type PublicKey,
} from '@solana/web3.js';
import { address, getTransactionDecoder, type Address, type Transaction as VmTransaction } from '@solana/kit';
import type {
  FailedTransactionMetadata,
  LiteSVM,
  SimulatedTransactionInfo,
  TransactionMetadata,
} from 'litesvm';
import { History } from './history.js';
import { dataBuffer, readMint, type VmAccount } from './tokens.js';

/** A transaction as the devnet handles it: its wire bytes, read by web3.js and by kit (for the VM). */
export interface WireTransaction {
  raw: Uint8Array;
  /** web3.js's reading, for the message's keys, instructions and blockhash. */
  tx: VersionedTransaction;
  /** kit's reading of the same bytes, the form LiteSVM 1.5.0 takes. */
  vm: VmTransaction;
}

/** Reads wire bytes; throws when they are not a transaction. */
export function decodeWire(raw: Uint8Array): WireTransaction {
  return { raw, tx: VersionedTransaction.deserialize(raw), vm: getTransactionDecoder().decode(raw) };
}

/** A base58 address as kit's branded Address (throws when it is not one). */
export const toAddress = (text: string): Address => address(text);

/** How many slots a blockhash stays usable (agave's MAX_PROCESSING_AGE). */
export const MAX_PROCESSING_AGE = 150;
/** The shortest epoch of a warming-up schedule (agave's MINIMUM_SLOTS_PER_EPOCH). */
const MINIMUM_SLOTS_PER_EPOCH = 32;
/** How many slots the SlotHashes sysvar covers (agave's slot_hashes::MAX_ENTRIES). */
const SLOT_HASHES_MAX_ENTRIES = 512;

/** A transaction's accounts in account-index order, static keys first, then lookup-table ones. */
export interface ResolvedKeys {
  keys: string[];
  writable: string[];
  loaded: { writable: string[]; readonly: string[] };
}

export class Chain {
  slot = 0;
  readonly genesisHash: string;
  /** Addresses seen in applied transactions and fixtures: the index getTokenAccountsByOwner scans. */
  readonly known = new Set<string>();
  readonly history = new History();
  /** blockhash → the slot it became current; only the last MAX_PROCESSING_AGE + 1 are kept. */
  private readonly blockhashes = new Map<string, number>();
  /** The SlotHashes sysvar's entries, newest first. */
  private slotHashes: Array<{ slot: bigint; hash: string }>;

  constructor(readonly svm: LiteSVM) {
    this.genesisHash = svm.latestBlockhash();
    this.blockhashes.set(this.genesisHash, 0);
    this.slotHashes = [{ slot: 0n, hash: this.genesisHash }];
    svm.warpToSlot(0n);
    svm.setSlotHashes(this.slotHashes);
    this.setClock();
  }

  get blockhash(): string {
    return this.svm.latestBlockhash();
  }

  /** The last block height at which `blockhash` is still accepted. */
  lastValidBlockHeight(blockhash = this.blockhash): number {
    return (this.blockhashes.get(blockhash) ?? this.slot) + MAX_PROCESSING_AGE;
  }

  isBlockhashValid(blockhash: string): boolean {
    const issued = this.blockhashes.get(blockhash);
    return issued !== undefined && this.slot - issued <= MAX_PROCESSING_AGE;
  }

  /** One slot later, with a fresh blockhash and the wall-clock time. */
  advance(): void {
    this.slot += 1;
    this.svm.warpToSlot(BigInt(this.slot));
    this.setClock();
    this.svm.expireBlockhash();
    this.blockhashes.set(this.svm.latestBlockhash(), this.slot);
    const newest = { slot: BigInt(this.slot), hash: this.svm.latestBlockhash() };
    this.slotHashes = [newest, ...this.slotHashes].slice(0, SLOT_HASHES_MAX_ENTRIES);
    this.svm.setSlotHashes(this.slotHashes);
    for (const [hash, issued] of this.blockhashes) {
      if (this.slot - issued <= MAX_PROCESSING_AGE) break; // insertion order is slot order
      this.blockhashes.delete(hash);
    }
  }

  /** Block time of the current slot, and the epoch the clock reports, kept in step with the slot. */
  private setClock(): void {
    const clock = this.svm.getClock();
    const now = BigInt(Math.floor(Date.now() / 1000));
    clock.unixTimestamp = now > clock.unixTimestamp ? now : clock.unixTimestamp;
    clock.epoch = BigInt(this.epochInfo().epoch);
    this.svm.setClock(clock);
  }

  get blockTime(): number {
    return Number(this.svm.getClock().unixTimestamp);
  }

  /** Where the current slot sits in the VM's epoch schedule (which warms up, like a real cluster's). */
  epochInfo(): { epoch: number; slotIndex: number; slotsInEpoch: number } {
    const schedule = this.svm.getEpochSchedule();
    const firstNormalSlot = Number(schedule.firstNormalSlot);
    if (schedule.warmup && this.slot < firstNormalSlot) {
      // Warm-up epochs are 32, 64, 128, … slots long.
      let [epoch, start, length] = [0, 0, MINIMUM_SLOTS_PER_EPOCH];
      while (this.slot >= start + length) [epoch, start, length] = [epoch + 1, start + length, length * 2];
      return { epoch, slotIndex: this.slot - start, slotsInEpoch: length };
    }
    const slotsInEpoch = Number(schedule.slotsPerEpoch);
    const sinceNormal = this.slot - (schedule.warmup ? firstNormalSlot : 0);
    const firstEpoch = schedule.warmup ? Number(schedule.firstNormalEpoch) : 0;
    return {
      epoch: firstEpoch + Math.floor(sinceNormal / slotsInEpoch),
      slotIndex: sinceNormal % slotsInEpoch,
      slotsInEpoch,
    };
  }

  /** The account at `address`; null when it does not exist (or holds no lamports, as on a node). */
  account(address: string): VmAccount | null {
    const account = this.svm.getAccount(toAddress(address));
    return account.exists && account.lamports > 0n ? account : null;
  }

  balance(address: string): bigint {
    return this.svm.getBalance(toAddress(address)) ?? 0n;
  }

  mintDecimals = (mint: string): number | null => readMint(mint, this.account(mint))?.decimals ?? null;

  /**
   * Runs `wire` in the VM: applies it (`send`) or only tries it (`simulate`). Signatures are verified
   * unless `sigverify` is false (simulateTransaction's default); the blockhash as described above.
   * Returns 'unsigned' for a transaction that lacks a signature (all zeros) while signatures are
   * verified: LiteSVM 1.5.0 throws on those instead of reporting SignatureFailure.
   */
  execute(
    wire: WireTransaction,
    mode: 'send',
    sigverify?: boolean,
  ): TransactionMetadata | FailedTransactionMetadata | 'unsigned';
  execute(
    wire: WireTransaction,
    mode: 'simulate',
    sigverify?: boolean,
  ): SimulatedTransactionInfo | FailedTransactionMetadata | 'unsigned';
  execute(wire: WireTransaction, mode: 'send' | 'simulate', sigverify = true) {
    if (sigverify && Object.values(wire.vm.signatures).includes(null)) return 'unsigned';
    const blockhash = wire.tx.message.recentBlockhash;
    const vouched = blockhash !== this.svm.latestBlockhash() && this.isBlockhashValid(blockhash);
    if (vouched) this.svm.withBlockhashCheck(false);
    if (!sigverify) this.svm.withSigverify(false);
    try {
      return mode === 'send' ? this.svm.sendTransaction(wire.vm) : this.svm.simulateTransaction(wire.vm);
    } finally {
      this.svm.withBlockhashCheck(true).withSigverify(true);
    }
  }

  /** The transaction's accounts, lookup tables resolved against the current state. */
  resolveKeys(tx: VersionedTransaction): ResolvedKeys {
    const message = tx.message;
    let accountKeys: MessageAccountKeys;
    if (message.version === 'legacy') accountKeys = message.getAccountKeys();
    else {
      try {
        const addressLookupTableAccounts = message.addressTableLookups.map((lookup) => {
          const table = this.account(lookup.accountKey.toBase58());
          if (!table) throw new Error('missing lookup table');
          const state = AddressLookupTableAccount.deserialize(dataBuffer(table));
          return new AddressLookupTableAccount({ key: lookup.accountKey, state });
        });
        accountKeys = message.getAccountKeys({ addressLookupTableAccounts });
      } catch {
        // A table that is missing or bad: the VM refuses the transaction, static keys will do.
        accountKeys = new MessageAccountKeys(message.staticAccountKeys);
      }
    }
    const keys = accountKeys.keySegments().flat();
    const base58 = (list: PublicKey[]) => list.map((k) => k.toBase58());
    const lookups = accountKeys.accountKeysFromLookups ?? { writable: [], readonly: [] };
    return {
      keys: base58(keys),
      writable: base58(keys.filter((_, i) => message.isAccountWritable(i))),
      loaded: { writable: base58(lookups.writable), readonly: base58(lookups.readonly) },
    };
  }
}
