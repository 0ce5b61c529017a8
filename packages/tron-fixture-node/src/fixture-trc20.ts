// SYNTHETIC: the fixture's TRC20 "USDT" contract at FIXTURE_USDT. No TVM runs here; the calls a
// custody adapter makes (balanceOf, decimals, symbol, name, transfer) are answered from the
// fixture's balance map, with energy figures that are made up but shaped like mainnet USDT's.
import { keccak_256 } from '@noble/hashes/sha3';
import { utf8ToBytes } from '@noble/hashes/utils';
import { addressToBytes, hexToBase58, strip0x, toHex } from './address.js';
import { FIXTURE_USDT_DECIMALS, type FixtureChain } from './fixture-chain.js';

/** SYNTHETIC energy figures (mainnet USDT costs about this much; these are not measured values). */
export const SYNTHETIC_ENERGY = {
  /** transfer() to an address that already holds the token. */
  transferToHolder: 64285,
  /** transfer() to an address holding none: a new storage slot costs more. */
  transferToNewHolder: 130285,
  /** A read (balanceOf, decimals, …). */
  read: 935,
  /** A transfer() that reverts (amount above the sender's balance). */
  revert: 20000,
};

/** keccak256("Transfer(address,address,uint256)"), the first topic of a TRC20 Transfer log. */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export function selectorOf(signature: string): string {
  return toHex(keccak_256(utf8ToBytes(signature.replace(/\s+/g, '')))).slice(0, 8);
}

const SELECTORS = {
  balanceOf: selectorOf('balanceOf(address)'),
  transfer: selectorOf('transfer(address,uint256)'),
  decimals: selectorOf('decimals()'),
  symbol: selectorOf('symbol()'),
  name: selectorOf('name()'),
};

export const word = (n: bigint): string => n.toString(16).padStart(64, '0');

/** An ABI address word (20 bytes, left-padded) of a Tron address. */
export function addressWord(address: string): string {
  return toHex(addressToBytes(address).subarray(1)).padStart(64, '0');
}

function addressFromWord(w: string): string {
  if (w.length !== 64 || !/^0{24}/.test(w)) throw new Error('bad address word');
  return hexToBase58(`41${w.slice(24)}`);
}

function abiString(s: string): string {
  const bytes = toHex(utf8ToBytes(s));
  return word(32n) + word(BigInt(bytes.length / 2)) + bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0');
}

export type Trc20Call =
  { kind: 'read'; result: string } | { kind: 'transfer'; to: string; amount: bigint } | { kind: 'unknown' };

/** Call data (selector ‖ arguments, hex) → what the fixture contract does with it. */
export function parseCall(chain: FixtureChain, dataHex: string): Trc20Call {
  const data = strip0x(dataHex).toLowerCase();
  const selector = data.slice(0, 8);
  const args = data.slice(8);
  try {
    switch (selector) {
      case SELECTORS.balanceOf:
        return { kind: 'read', result: word(chain.usdt.get(addressFromWord(args.slice(0, 64))) ?? 0n) };
      case SELECTORS.decimals:
        return { kind: 'read', result: word(BigInt(FIXTURE_USDT_DECIMALS)) };
      case SELECTORS.symbol:
        return { kind: 'read', result: abiString('USDT') };
      case SELECTORS.name:
        return { kind: 'read', result: abiString('Tether USD (fixture)') };
      case SELECTORS.transfer:
        if (args.length !== 128) return { kind: 'unknown' };
        return {
          kind: 'transfer',
          to: addressFromWord(args.slice(0, 64)),
          amount: BigInt(`0x${args.slice(64)}`),
        };
      default:
        return { kind: 'unknown' };
    }
  } catch {
    return { kind: 'unknown' };
  }
}

/** SYNTHETIC energy a transfer() would use, by whether the recipient already holds the token. */
export function transferEnergy(chain: FixtureChain, to: string): number {
  return (chain.usdt.get(to) ?? 0n) > 0n
    ? SYNTHETIC_ENERGY.transferToHolder
    : SYNTHETIC_ENERGY.transferToNewHolder;
}

/** Whether a transfer() from `from` would succeed (a revert otherwise). */
export function transferWouldSucceed(chain: FixtureChain, from: string, amount: bigint): boolean {
  return amount >= 0n && (chain.usdt.get(from) ?? 0n) >= amount;
}

export function moveTokens(chain: FixtureChain, from: string, to: string, amount: bigint): void {
  chain.usdt.set(from, (chain.usdt.get(from) ?? 0n) - amount);
  chain.usdt.set(to, (chain.usdt.get(to) ?? 0n) + amount);
}

/** The Transfer(from, to, amount) log as gettransactioninfobyid shows it (address without 41). */
export function transferLog(contractHex: string, from: string, to: string, amount: bigint) {
  return {
    address: contractHex.slice(2),
    topics: [TRANSFER_TOPIC, addressWord(from), addressWord(to)],
    data: word(amount),
  };
}
