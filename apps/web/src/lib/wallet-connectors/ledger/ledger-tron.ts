import { secp256k1 } from '@noble/curves/secp256k1';
import { hexToBytes, keccak256, sha256, stringToBytes, stringToHex } from 'viem';
import { base58CheckDecode } from '../../base58check';
import { isDerivationPath } from '../custom-path';
import { WalletError } from '../types';
import { ledgerError, type LedgerStep } from './ledger-errors';
import type { ApduExchange } from './ledger-transport';

type Trx = import('@ledgerhq/hw-app-trx').default;

/** Ledger Live's (and TronLink's) first Tron account. */
export const TRON_LEDGER_PATH = "m/44'/195'/0'/0/0";

/**
 * Paths offered to choose from: Ledger Live's and TronLink's accounts m/44'/195'/i'/0/0, then the
 * next addresses of the first account m/44'/195'/0'/0/i (other wallets' layout).
 */
export const TRON_LEDGER_PATHS: readonly string[] = [
  ...[0, 1, 2, 3, 4].map((index) => `m/44'/195'/${index}'/0/0`),
  ...[1, 2, 3, 4].map((index) => `m/44'/195'/0'/0/${index}`),
];

/** The 21 bytes of a Tron account (0x41 + the last 20 bytes of keccak256 of the public key). */
export function tronAccountOfKey(publicKey: Uint8Array): Uint8Array {
  const point = secp256k1.ProjectivePoint.fromHex(publicKey).toRawBytes(false);
  return Uint8Array.of(0x41, ...hexToBytes(keccak256(point.slice(1))).slice(12));
}

/** Whether a T… address spells these 21 bytes (its base58check checksum is checked). */
export function isTronAccount(address: string, account: Uint8Array): boolean {
  const payload = base58CheckDecode(address.trim());
  return payload?.length === 21 && payload.every((byte, index) => byte === account[index]);
}

/**
 * The account whose key made a 65-byte r‖s‖v signature (hex; v 0/1 as the device gives it, or
 * 27/28 as tronweb does) over a 32-byte digest; null when it does not recover.
 */
export function recoverTronAccount(digest: Uint8Array, signature: string): Uint8Array | null {
  const hex = signature.replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{130}$/.test(hex)) return null;
  const v = Number.parseInt(hex.slice(128), 16);
  const bit = v >= 27 ? v - 27 : v;
  if (bit !== 0 && bit !== 1) return null;
  try {
    const key = secp256k1.Signature.fromCompact(hex.slice(0, 128))
      .addRecoveryBit(bit)
      .recoverPublicKey(digest);
    return tronAccountOfKey(key.toRawBytes(false));
  } catch {
    return null;
  }
}

/**
 * TIP-191, what TronLink's signMessageV2, the Tron app's signPersonalMessage and the server's
 * verifier (tronweb's verifyMessage) hash: keccak256("\x19TRON Signed Message:\n" + the message's
 * UTF-8 byte length + the message).
 */
export function tip191Digest(message: string): Uint8Array {
  const bytes = stringToBytes(message);
  const prefix = stringToBytes(`\x19TRON Signed Message:\n${bytes.length}`);
  return hexToBytes(keccak256(Uint8Array.of(...prefix, ...bytes)));
}

/** r‖s‖v with v as 27/28: the spelling TronLink (tronweb) gives; the device's v is 0/1. */
function withV27(signature: string): string {
  const hex = signature.replace(/^0x/, '').toLowerCase();
  const v = Number.parseInt(hex.slice(128, 130), 16);
  return `${hex.slice(0, 128)}${(v < 27 ? v + 27 : v).toString(16)}`;
}

/** A path checked before any device is asked (the shape the server accepts), as the app takes it. */
function devicePath(path: string): string {
  if (!isDerivationPath(path)) throw new WalletError('hardware_invalid_params', `not a path: ${path}`);
  return path.replace(/^m\//, '');
}

export interface TronLedgerAccount {
  path: string;
  /** T… as the device named it, checked against the public key it returned. */
  address: string;
  account: Uint8Array;
}

export interface TronLedgerOptions {
  /** Stands in for the USB device (tests); default: the browser tests' hook, else WebHID. */
  exchange?: ApduExchange;
}

const testExchange = (): ApduExchange | undefined =>
  typeof window === 'undefined' ? undefined : window.__keysteadLedgerExchange;

/**
 * Opens the Tron app over the EVM connector's transport (WebHID; Ledger's libraries load with
 * the first use), runs one step, closes it; failures named as the EVM connector names them,
 * with the Tron app's own status words.
 */
async function withTron<T>(
  step: LedgerStep,
  options: TronLedgerOptions,
  run: (trx: Trx) => Promise<T>,
): Promise<T> {
  let close: (() => Promise<void>) | undefined;
  try {
    const { openTransport } = await import('./ledger-transport');
    const { default: TrxApp } = await import('@ledgerhq/hw-app-trx');
    const transport = await openTransport(options.exchange ?? testExchange());
    close = () => transport.close();
    // hw-app-trx declares its own copy of hw-transport's types; it only calls send().
    return await run(new TrxApp(transport as unknown as ConstructorParameters<typeof TrxApp>[0]));
  } catch (error) {
    throw ledgerError(error, step, 'tron');
  } finally {
    await close?.().catch(() => undefined);
  }
}

/** getAddress without display; the address the device names must be its public key's. */
async function accountAt(trx: Trx, path: string): Promise<TronLedgerAccount> {
  const reply = await trx.getAddress(path.replace(/^m\//, ''), false);
  const account = tronAccountOfKey(hexToBytes(`0x${reply.publicKey}`));
  if (!isTronAccount(reply.address, account)) throw new WalletError('hardware_device', `address of ${path}`);
  return { path, address: reply.address, account };
}

/** The account at `path`, which must be `signer` when one is named (checked before signing). */
async function signerAt(trx: Trx, path: string, signer?: string): Promise<TronLedgerAccount> {
  const found = await accountAt(trx, path);
  if (signer !== undefined && !isTronAccount(signer, found.account))
    throw new WalletError('signer_mismatch', `${path} is ${found.address}, not ${signer}`);
  return found;
}

/** A signature over `digest` that does not recover to `account` is refused before it is used. */
function checked(digest: Uint8Array, signature: string, account: Uint8Array): string {
  const recovered = recoverTronAccount(digest, signature);
  if (!recovered || recovered.some((byte, index) => byte !== account[index]))
    throw new WalletError('signer_mismatch', 'the signature does not recover to the account');
  return withV27(signature);
}

/** The raw data (hex) a transaction JSON's txID is the sha256 of; refused when they differ. */
function rawDataOf(transaction: { txID?: unknown; raw_data_hex?: unknown }): string {
  const raw = typeof transaction.raw_data_hex === 'string' ? transaction.raw_data_hex.replace(/^0x/, '') : '';
  const txId = typeof transaction.txID === 'string' ? transaction.txID.replace(/^0x/, '').toLowerCase() : '';
  if (!/^([0-9a-fA-F]{2})+$/.test(raw) || sha256(`0x${raw}`).slice(2) !== txId)
    throw new WalletError('hardware_invalid_params', 'txID is not the sha256 of raw_data_hex');
  return raw;
}

/**
 * Ledger's Tron app over WebHID (Chromium browsers). Every signature is recovered in the page
 * and compared with the account at the path (and the expected signer) before it is returned.
 */
export const ledgerTron = {
  available: () => Boolean(testExchange()) || (typeof navigator !== 'undefined' && 'hid' in navigator),

  /** The account at `path` (one getAddress, not shown on the device). */
  async address(path: string = TRON_LEDGER_PATH, options: TronLedgerOptions = {}) {
    devicePath(path);
    return withTron('connect', options, (trx) => accountAt(trx, path));
  },

  /** The accounts at `paths`, one getAddress each in one session. */
  async accounts(paths: readonly string[] = TRON_LEDGER_PATHS, options: TronLedgerOptions = {}) {
    paths.forEach(devicePath);
    return withTron('connect', options, async (trx) => {
      const list: TronLedgerAccount[] = [];
      for (const path of paths) list.push(await accountAt(trx, path));
      return list;
    });
  },

  /**
   * A TIP-191 signature of `message` (the signer challenge) as the verify dialog posts it and
   * TronLink's signMessageV2 gives it: 0x + r‖s‖v, v 27/28.
   */
  async signChallenge(path: string, message: string, signer?: string, options: TronLedgerOptions = {}) {
    const at = devicePath(path);
    return withTron('sign', options, async (trx) => {
      const { account } = await signerAt(trx, path, signer);
      const signature = await trx.signPersonalMessage(at, stringToHex(message).slice(2));
      return `0x${checked(tip191Digest(message), signature, account)}`;
    });
  },

  /**
   * The app's signature of a transaction's raw data (it shows the transfer: amount, recipient,
   * "P2 - owner" for the active permission): r‖s‖v hex, v 27/28, recovered over sha256(raw data).
   */
  async signTransaction(path: string, rawDataHex: string, signer?: string, options: TronLedgerOptions = {}) {
    const at = devicePath(path);
    const raw = rawDataHex.replace(/^0x/, '');
    if (!/^([0-9a-fA-F]{2})+$/.test(raw))
      throw new WalletError('hardware_invalid_params', 'raw data is not hex');
    return withTron('sign', options, async (trx) => {
      const { account } = await signerAt(trx, path, signer);
      // No token signatures: those name TRC-10 tokens; a TRC-20 transfer is shown from its call.
      const signature = await trx.signTransaction(at, raw, []);
      return checked(hexToBytes(sha256(`0x${raw}`)), signature, account);
    });
  },

  /**
   * A task's transaction JSON signed by the account at `path`, which must be one of `signers`:
   * the JSON with the signature appended, as TronLink's multiSign returns it (what its path posts).
   */
  async signTransactionJson(
    path: string,
    transaction: string,
    signers: readonly string[],
    options: TronLedgerOptions = {},
  ): Promise<string> {
    const at = devicePath(path);
    const parsed = JSON.parse(transaction) as { txID?: unknown; raw_data_hex?: unknown; signature?: unknown };
    const raw = rawDataOf(parsed);
    const signature = await withTron('sign', options, async (trx) => {
      const found = await accountAt(trx, path);
      if (!signers.some((signer) => isTronAccount(signer, found.account)))
        throw new WalletError('signer_mismatch', `${path} is ${found.address}`);
      const made = await trx.signTransaction(at, raw, []);
      return checked(hexToBytes(sha256(`0x${raw}`)), made, found.account);
    });
    const before = Array.isArray(parsed.signature) ? (parsed.signature as string[]) : [];
    return JSON.stringify({ ...parsed, signature: [...before, signature] });
  },
};
