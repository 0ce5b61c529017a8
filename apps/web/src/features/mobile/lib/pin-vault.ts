/**
 * The phone's signing key kept under a PIN (§1 companion signer). The key is made in the page and
 * only its encryption is stored: PBKDF2-SHA256 (600,000 rounds, a random 16-byte salt) turns the
 * PIN into an AES-GCM-256 key, which seals the private key with a random 12-byte IV. The account's
 * e-mail and the key's address are bound in as additional data, so a record cannot be moved to
 * another account or address unnoticed. The plaintext key lives only while a signature is made.
 */

export const PIN_ITERATIONS = 600_000;
export const PIN_MIN_LENGTH = 6;
const STORAGE_PREFIX = 'ks.mobile-key.';

export interface KeyVault {
  version: 1;
  /** The account the key belongs to (lower case). */
  email: string;
  /** The key's name as the signer address list shows it. */
  name: string;
  /** Its EVM address (checksummed). */
  address: string;
  /** base64 */
  salt: string;
  /** base64 */
  iv: string;
  /** base64: AES-GCM of the 32 key bytes, tag included. */
  ciphertext: string;
  iterations: number;
  created_at: string;
}

/** A PIN that does not open the vault (or a record that was altered). */
export class WrongPinError extends Error {
  constructor() {
    super('wrong PIN');
    this.name = 'WrongPinError';
  }
}

export function isValidPin(pin: string): boolean {
  return new RegExp(`^\\d{${PIN_MIN_LENGTH},}$`).test(pin);
}

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const clean = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (!/^[0-9a-fA-F]{64}$/.test(clean)) throw new Error('not a 32-byte key');
  const bytes = new Uint8Array(32);
  for (let index = 0; index < 32; index += 1)
    bytes[index] = parseInt(clean.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

function bytesToHex(bytes: Uint8Array): `0x${string}` {
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

async function pinKey(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(pin), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

const boundData = (email: string, address: string) =>
  encoder.encode(`keystead-signer:${email.toLowerCase()}:${address.toLowerCase()}`);

/** Seals `privateKey` (0x + 64 hex) under `pin`. */
export async function sealKey(
  privateKey: string,
  pin: string,
  owner: { email: string; name: string; address: string },
  iterations = PIN_ITERATIONS,
): Promise<KeyVault> {
  if (!isValidPin(pin)) throw new Error('the PIN must be at least six digits');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await pinKey(pin, salt, iterations);
  const plain = hexToBytes(privateKey);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: boundData(owner.email, owner.address) },
    key,
    plain,
  );
  plain.fill(0);
  return {
    version: 1,
    email: owner.email.toLowerCase(),
    name: owner.name,
    address: owner.address,
    salt: toBase64(salt),
    iv: toBase64(iv),
    ciphertext: toBase64(new Uint8Array(sealed)),
    iterations,
    created_at: new Date().toISOString(),
  };
}

/** The private key (0x + 64 hex), or WrongPinError. */
export async function openKey(vault: KeyVault, pin: string): Promise<`0x${string}`> {
  const key = await pinKey(pin, fromBase64(vault.salt), vault.iterations);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(vault.iv), additionalData: boundData(vault.email, vault.address) },
      key,
      fromBase64(vault.ciphertext),
    );
    return bytesToHex(new Uint8Array(plain));
  } catch {
    throw new WrongPinError();
  }
}

const storageKey = (email: string) => `${STORAGE_PREFIX}${email.toLowerCase()}`;

function isVault(value: unknown): value is KeyVault {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<KeyVault>;
  return (
    record.version === 1 &&
    typeof record.address === 'string' &&
    typeof record.salt === 'string' &&
    typeof record.iv === 'string' &&
    typeof record.ciphertext === 'string' &&
    typeof record.iterations === 'number'
  );
}

/** The key this phone keeps for `email`, or null. */
export function loadVault(email: string, store: Storage = localStorage): KeyVault | null {
  try {
    const raw = store.getItem(storageKey(email));
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isVault(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveVault(vault: KeyVault, store: Storage = localStorage): void {
  store.setItem(storageKey(vault.email), JSON.stringify(vault));
}

export function removeVault(email: string, store: Storage = localStorage): void {
  store.removeItem(storageKey(email));
}
