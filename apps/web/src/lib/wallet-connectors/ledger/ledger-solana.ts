import { ed25519 } from '@noble/curves/ed25519';
import { sha256 } from '@noble/hashes/sha256';
import { base58Decode, base58Encode } from '../../solana-address';
import { readApproval, signedApproval } from '../../solana-approval';
import { isDerivationPath } from '../custom-path';
import { WalletError } from '../types';
import { ledgerError, type LedgerStep } from './ledger-errors';
import type { ApduExchange } from './ledger-transport';

type SolanaApp = import('@ledgerhq/hw-app-solana').default;
type Transport = import('@ledgerhq/hw-transport').default;

/** Ledger Live's first Solana account. */
export const SOLANA_LEDGER_PATH = "m/44'/501'/0'";

/**
 * Paths offered to choose from: Ledger Live's accounts m/44'/501'/i', then Phantom's and
 * Solflare's m/44'/501'/i'/0', then m/44'/501' (the Solana CLI's `usb://ledger` key).
 */
export const SOLANA_LEDGER_PATHS: readonly string[] = [
  ...[0, 1, 2, 3, 4].map((index) => `m/44'/501'/${index}'`),
  ...[0, 1, 2, 3, 4].map((index) => `m/44'/501'/${index}'/0'`),
  "m/44'/501'",
];

/** The app's reply when a message needs "Blind signing" and it is off (app-solana: SdkNotSupported). */
const BLIND_SIGNING_OFF = 0x6808;
/** The app's reply to an off-chain message header it does not read (app-solana: InvalidMessageHeader). */
const INVALID_MESSAGE_HEADER = 0x6a81;
/** The off-chain messages' signing domain: 0xff, then "solana offchain". */
const SIGNING_DOMAIN = Uint8Array.of(0xff, ...new TextEncoder().encode('solana offchain'));
/** The longest off-chain message text the first format's apps take. */
const OFFCHAIN_TEXT_MAX = 1212;

/** Whether `signature` is an ed25519 signature of `message` by the 32-byte `key`. */
export function isSignedBy(message: Uint8Array, signature: Uint8Array, key: Uint8Array): boolean {
  try {
    return signature.length === 64 && key.length === 32 && ed25519.verify(signature, message, key);
  } catch {
    return false;
  }
}

/** What the device shows for a message it cannot read: base58 of its sha256. */
export const deviceHash = (bytes: Uint8Array): string => base58Encode(sha256(bytes));

/**
 * The challenge as the two off-chain message formats the Solana app has signed. `legacy`: the
 * first format (domain, version 0, format, u16 length, text), which the app took until 2025.
 * `v0`: the specification's version 0 (domain, version 0, an empty application domain, format,
 * the signer, u16 length, text), which newer apps take instead. Format 0 is printable ASCII; the
 * challenge has line breaks, so it is format 1, which the app signs only with "Blind signing" on.
 */
export function offchainMessages(text: string, signer: Uint8Array) {
  const body = new TextEncoder().encode(text);
  if (body.length === 0 || body.length > OFFCHAIN_TEXT_MAX)
    throw new WalletError('hardware_invalid_params', `an off-chain message of ${body.length} bytes`);
  const format = body.every((byte) => byte >= 0x20 && byte <= 0x7e) ? 0 : 1;
  const length = [body.length & 0xff, body.length >> 8];
  return {
    legacy: Uint8Array.of(...SIGNING_DOMAIN, 0, format, ...length, ...body),
    v0: Uint8Array.of(...SIGNING_DOMAIN, 0, ...new Uint8Array(32), format, 1, ...signer, ...length, ...body),
  };
}

/**
 * The hash each app shows for the challenge before signing it: older apps (first format) the
 * sha256 of the whole message, newer ones the sha256 of its text.
 */
export function challengeHashes(text: string, signer: string) {
  const { legacy } = offchainMessages(text, keyOf(signer));
  return { olderApp: deviceHash(legacy), newerApp: deviceHash(new TextEncoder().encode(text)) };
}

/** The 32-byte key an address spells; a malformed one is refused before any device is asked. */
function keyOf(address: string): Uint8Array {
  const key = base58Decode(address.trim());
  if (key?.length !== 32)
    throw new WalletError('hardware_invalid_params', `not a Solana address: ${address}`);
  return key;
}

/** Whether every level below m is hardened: Solana keys (SLIP-0010 ed25519) have only those. */
const allHardened = (path: string) =>
  path
    .split('/')
    .slice(1)
    .every((level) => level.endsWith("'"));

/** A path as the app takes it (the app would harden an unhardened level silently: refused here). */
function devicePath(path: string): string {
  if (!isDerivationPath(path) || !allHardened(path))
    throw new WalletError('hardware_invalid_params', `not a hardened path: ${path}`);
  return path.replace(/^m\//, '');
}

/**
 * hw-app-solana turns the app's "Blind signing is off" reply into a plain Error; the status word
 * is raised here instead, as the transport raises any other, so ledgerError can name it.
 */
async function keepBlindSigningStatus(transport: Transport) {
  const { TransportStatusError } = await import('@ledgerhq/errors');
  const exchange = transport.exchange.bind(transport);
  transport.exchange = async (apdu, options) => {
    const reply = await exchange(apdu, options);
    if (reply.length === 2 && reply.readUInt16BE(0) === BLIND_SIGNING_OFF)
      throw new TransportStatusError(BLIND_SIGNING_OFF);
    return reply;
  };
}

export interface SolanaLedgerAccount {
  path: string;
  /** base58 of the 32-byte public key the device returned. */
  address: string;
  key: Uint8Array;
}

export interface SolanaLedgerOptions {
  /** Stands in for the USB device (tests); default: the browser tests' hook, else WebHID. */
  exchange?: ApduExchange;
}

const testExchange = (): ApduExchange | undefined =>
  typeof window === 'undefined' ? undefined : window.__keysteadLedgerExchange;

/** Opens the Solana app over the shared transport (loaded with the first use), runs one step, closes it. */
async function withSolana<T>(
  step: LedgerStep,
  options: SolanaLedgerOptions,
  run: (app: SolanaApp) => Promise<T>,
): Promise<T> {
  let close: (() => Promise<void>) | undefined;
  try {
    const { openTransport } = await import('./ledger-transport');
    const { default: Solana } = await import('@ledgerhq/hw-app-solana');
    const transport = await openTransport(options.exchange ?? testExchange());
    close = () => transport.close();
    await keepBlindSigningStatus(transport);
    return await run(new Solana(transport));
  } catch (error) {
    throw ledgerError(error, step, 'solana');
  } finally {
    await close?.().catch(() => undefined);
  }
}

/** getAddress without display: the 32-byte key at `path`, which must be `signer`'s when one is named. */
async function accountAt(app: SolanaApp, path: string, signer?: string): Promise<SolanaLedgerAccount> {
  const { address: key } = await app.getAddress(devicePath(path), false);
  if (key.length !== 32) throw new WalletError('hardware_device', `address of ${path}`);
  const address = base58Encode(key);
  if (signer !== undefined && !keyOf(signer).every((byte, index) => byte === key[index]))
    throw new WalletError('signer_mismatch', `${path} is ${address}, not ${signer}`);
  return { path, address, key: new Uint8Array(key) };
}

/** A signature that is not the key's over exactly these bytes is refused before it is used. */
function checked(message: Uint8Array, signature: Uint8Array, key: Uint8Array): Uint8Array {
  if (!isSignedBy(message, signature, key))
    throw new WalletError('signer_mismatch', 'the signature does not verify with the account');
  return new Uint8Array(signature);
}

const isStatus = (error: unknown, status: number) =>
  typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === status;

/**
 * Ledger's Solana app over WebHID (Chromium browsers). Every signature is verified in the page
 * (ed25519) with the key at the path, which must be the expected signer, before it is returned.
 */
export const ledgerSolana = {
  available: () => Boolean(testExchange()) || (typeof navigator !== 'undefined' && 'hid' in navigator),

  /** The account at `path` (one getAddress, not shown on the device). */
  async address(path: string = SOLANA_LEDGER_PATH, options: SolanaLedgerOptions = {}) {
    devicePath(path);
    return withSolana('connect', options, (app) => accountAt(app, path));
  },

  /** The accounts at `paths`, one getAddress each in one session. */
  async accounts(paths: readonly string[] = SOLANA_LEDGER_PATHS, options: SolanaLedgerOptions = {}) {
    paths.forEach(devicePath);
    return withSolana('connect', options, async (app) => {
      const list: SolanaLedgerAccount[] = [];
      for (const path of paths) list.push(await accountAt(app, path));
      return list;
    });
  },

  /** What the device shows for an approval it cannot read, for the page to show beside it. */
  async approvalPreview(wire: string) {
    const { message, signers, feePayer } = await readApproval(wire);
    return { messageHash: deviceHash(message), feePayer, signers };
  },

  /**
   * The approval (an unsigned wire transaction, base64) signed by `signer`'s key at `path`: the
   * device signs the message bytes (not the wire transaction); the signature goes into the
   * signer's slot and the transaction comes back as the browser wallet's does (base64).
   */
  async signApproval(path: string, wire: string, signer: string, options: SolanaLedgerOptions = {}) {
    const at = devicePath(path);
    const approval = await readApproval(wire);
    const { message, signers } = approval;
    if (!signers.includes(signer))
      throw new WalletError('signer_mismatch', `${signer} does not sign this transaction`);
    const signature = await withSolana('sign', options, async (app) => {
      const { key } = await accountAt(app, path, signer);
      const made = await app.signTransaction(at, Buffer.from(message));
      return checked(message, made.signature, key);
    });
    return signedApproval(approval, signer, signature);
  },

  /**
   * The challenge signed as an off-chain message (what the server's verifier accepts of a
   * Ledger), base58: in the first format, or, when the app refuses that header, in version 0.
   */
  async signChallenge(path: string, text: string, signer: string, options: SolanaLedgerOptions = {}) {
    const at = devicePath(path);
    keyOf(signer);
    return withSolana('sign', options, async (app) => {
      const { key } = await accountAt(app, path, signer);
      const { legacy, v0 } = offchainMessages(text, key);
      const signed = await app
        .signOffchainMessage(at, Buffer.from(legacy))
        .then(({ signature }) => checked(legacy, signature, key))
        .catch(async (error: unknown) => {
          if (!isStatus(error, INVALID_MESSAGE_HEADER)) throw error;
          const { signature } = await app.signOffchainMessage(at, Buffer.from(v0));
          return checked(v0, signature, key);
        });
      return base58Encode(signed);
    });
  },
};
