import { BIP32Factory, type BIP32Interface } from 'bip32';
import bs58check from 'bs58check';
import * as ecc from 'tiny-secp256k1';
import { BitcoinError } from './errors';
import type { BitcoinNetwork } from './networks';

export const bip32 = BIP32Factory(ecc);

const HARDENED = 0x80000000;

/** Public extended-key versions (BIP-32 and SLIP-132) and whether they are mainnet ones. */
const PUBLIC_VERSIONS: Record<number, { name: string; mainnet: boolean }> = {
  0x0488b21e: { name: 'xpub', mainnet: true },
  0x049d7cb2: { name: 'ypub', mainnet: true },
  0x04b24746: { name: 'zpub', mainnet: true },
  0x0295b43f: { name: 'Ypub', mainnet: true },
  0x02aa7ed3: { name: 'Zpub', mainnet: true },
  0x019da462: { name: 'Ltub', mainnet: true },
  0x01b26ef6: { name: 'Mtub', mainnet: true },
  0x043587cf: { name: 'tpub', mainnet: false },
  0x044a5262: { name: 'upub', mainnet: false },
  0x045f1cf6: { name: 'vpub', mainnet: false },
  0x024289ef: { name: 'Upub', mainnet: false },
  0x02575483: { name: 'Vpub', mainnet: false },
};
const PRIVATE_VERSIONS = new Set([
  0x0488ade4, 0x049d7878, 0x04b2430c, 0x0295b005, 0x02aa7a99, 0x019d9cfe, 0x01b26792, 0x04358394, 0x044a4e28,
  0x045f18bc, 0x024285b5, 0x02575048,
]);

/** A signer's extended public key with where it sits in the signer's own key tree. */
export interface SignerKey {
  /** Master key fingerprint, 8 lower-case hex digits. */
  fingerprint: string;
  /** Derivation path from the master to `xpub`, e.g. "m/48'/0'/0'/2'". */
  path: string;
  /** The extended public key re-encoded with the network's canonical version (xpub/tpub). */
  xpub: string;
}

/** Path "m/48'/0'/0'/2'" (or with h, or without m/) → child numbers. */
export function parsePath(path: string): number[] {
  const trimmed = path.trim().replace(/^m?\/?/, '');
  if (trimmed === '') return [];
  return trimmed.split('/').map((part) => {
    const match = /^(\d+)(['hH]?)$/.exec(part);
    if (!match)
      throw new BitcoinError('INVALID_ARGUMENT', `bad derivation path step "${part}"`, {
        reason: 'path_step_invalid',
      });
    const index = Number(match[1]);
    if (index >= HARDENED)
      throw new BitcoinError('INVALID_ARGUMENT', `path step out of range: ${part}`, {
        reason: 'path_step_out_of_range',
      });
    return match[2] ? index + HARDENED : index;
  });
}

/** Child numbers → "m/48'/0'/…" (apostrophe form, as hardware wallets print it). */
export function formatPath(steps: number[], hardenedMark = "'"): string {
  return ['m', ...steps.map((s) => (s >= HARDENED ? `${s - HARDENED}${hardenedMark}` : String(s)))].join('/');
}

export function isHardened(step: number): boolean {
  return step >= HARDENED;
}

/** BIP-86 (Taproot single key) and anything under purpose 86' is refused. */
function refuseTaprootPath(steps: number[]): void {
  if (steps[0] === 86 + HARDENED) {
    throw new BitcoinError('TAPROOT_UNSUPPORTED_ERROR', 'Taproot (purpose 86\u2032) keys are not supported');
  }
}

function normaliseFingerprint(fingerprint: string): string {
  const fp = fingerprint.trim().toLowerCase();
  if (!/^[0-9a-f]{8}$/.test(fp))
    throw new BitcoinError('INVALID_ARGUMENT', 'fingerprint must be 8 hex digits', {
      reason: 'fingerprint_format',
    });
  return fp;
}

/**
 * Reads an extended public key of any common version (xpub, ypub, zpub, Zpub, Ltub, tpub,
 * vpub, Vpub …), checks that it belongs to the network's mainnet/testnet side, and returns the
 * BIP-32 node with the network's canonical version. Extended private keys are refused.
 */
export function parseExtendedPublicKey(text: string, network: BitcoinNetwork): BIP32Interface {
  let raw: Uint8Array;
  const trimmed = text.trim();
  try {
    raw = bs58check.decode(trimmed);
  } catch (error) {
    // Base58 text whose last four bytes do not match: a character was mistyped or lost.
    const base58 = /^[1-9A-HJ-NP-Za-km-z]{5,}$/.test(trimmed);
    throw new BitcoinError(
      'INVALID_ARGUMENT',
      base58 ? 'extended key checksum does not match' : 'not a base58check extended key',
      { cause: error, reason: base58 ? 'xpub_checksum' : 'xpub_not_base58' },
    );
  }
  if (raw.length !== 78)
    throw new BitcoinError('INVALID_ARGUMENT', 'extended key must be 78 bytes', { reason: 'xpub_length' });
  const version = new DataView(raw.buffer, raw.byteOffset, 4).getUint32(0);
  if (PRIVATE_VERSIONS.has(version)) {
    throw new BitcoinError(
      'PRIVATE_KEY_REFUSED',
      'an extended private key was given; only public keys are accepted',
      { reason: 'xpub_private' },
    );
  }
  const known = PUBLIC_VERSIONS[version];
  if (!known)
    throw new BitcoinError('INVALID_ARGUMENT', `unknown extended key version 0x${version.toString(16)}`, {
      reason: 'xpub_version_unknown',
    });
  if (known.mainnet === network.testnet) {
    throw new BitcoinError('NETWORK_MISMATCH', `${known.name} key does not belong to ${network.key}`, {
      reason: network.testnet ? 'xpub_mainnet_on_testnet' : 'xpub_testnet_on_mainnet',
    });
  }
  const canonical = Uint8Array.from(raw);
  new DataView(canonical.buffer).setUint32(0, network.bitcoinjs.bip32.public);
  try {
    return bip32.fromBase58(bs58check.encode(canonical), network.bitcoinjs);
  } catch (error) {
    throw new BitcoinError('INVALID_ARGUMENT', `invalid extended public key: ${(error as Error).message}`, {
      cause: error,
      reason: 'xpub_key_invalid',
    });
  }
}

/**
 * A signer key from its parts: the xpub (any version), the master fingerprint and the path.
 * The xpub's own depth must equal the path length; Taproot paths (86') are refused.
 */
export function parseSignerKey(
  input: { xpub: string; fingerprint: string; path: string },
  network: BitcoinNetwork,
): SignerKey {
  const node = parseExtendedPublicKey(input.xpub, network);
  const steps = parsePath(input.path);
  refuseTaprootPath(steps);
  if (node.depth !== steps.length) {
    throw new BitcoinError('INVALID_ARGUMENT', `xpub depth ${node.depth} does not match path ${input.path}`, {
      reason: 'xpub_depth_mismatch',
    });
  }
  if (steps.length > 0 && node.index !== steps[steps.length - 1]) {
    throw new BitcoinError(
      'INVALID_ARGUMENT',
      `xpub child number does not match the last step of ${input.path}`,
      { reason: 'xpub_child_mismatch' },
    );
  }
  const fingerprint = normaliseFingerprint(input.fingerprint);
  if (steps.length === 0 && Buffer.from(node.fingerprint).toString('hex') !== fingerprint) {
    throw new BitcoinError('INVALID_ARGUMENT', 'master key fingerprint does not match the xpub', {
      reason: 'fingerprint_mismatch',
    });
  }
  return { fingerprint, path: formatPath(steps), xpub: node.toBase58() };
}

/** A single compressed secp256k1 public key (66 hex digits); uncompressed keys are refused. */
export function parsePublicKey(hex: string): Uint8Array {
  const clean = hex.trim().toLowerCase();
  if (!/^0[23][0-9a-f]{64}$/.test(clean)) {
    throw new BitcoinError('INVALID_ARGUMENT', 'public key must be 33-byte compressed hex', {
      reason: 'pubkey_format',
    });
  }
  const key = Buffer.from(clean, 'hex');
  if (!ecc.isPoint(key))
    throw new BitcoinError('INVALID_ARGUMENT', 'public key is not on secp256k1', {
      reason: 'pubkey_not_on_curve',
    });
  return key;
}

// Derived child nodes are reused: every address derivation and PSBT build walks the same keys.
const nodeCache = new Map<string, BIP32Interface>();
const NODE_CACHE_LIMIT = 20_000;

/** The public key at `steps` (non-hardened) below an xpub, cached. */
export function deriveChild(xpub: string, network: BitcoinNetwork, steps: number[]): BIP32Interface {
  const cacheKey = `${network.key}:${xpub}/${steps.join('/')}`;
  const hit = nodeCache.get(cacheKey);
  if (hit) return hit;
  let node = steps.length > 1 ? deriveChild(xpub, network, steps.slice(0, -1)) : undefined;
  if (!node) {
    const rootKey = `${network.key}:${xpub}/`;
    node = nodeCache.get(rootKey) ?? parseExtendedPublicKey(xpub, network);
    nodeCache.set(rootKey, node);
  }
  if (steps.length === 0) return node;
  const last = steps[steps.length - 1]!;
  if (isHardened(last))
    throw new BitcoinError('INVALID_ARGUMENT', 'cannot derive a hardened child from a public key', {
      reason: 'hardened_from_public',
    });
  const child = node.derive(last);
  if (nodeCache.size >= NODE_CACHE_LIMIT) nodeCache.clear();
  nodeCache.set(cacheKey, child);
  return child;
}
