import { BitcoinError } from './errors';

/**
 * Strict DER (BIP-66) signatures with a trailing sighash byte, written here because
 * bitcoinjs-lib refuses sighash bytes outside Bitcoin's set, and Bitcoin Cash signs with 0x41.
 */
function toDerInt(x: Uint8Array): Buffer {
  let i = 0;
  while (i < x.length - 1 && x[i] === 0 && x[i + 1]! < 0x80) i++;
  const body = Buffer.from(x.subarray(i));
  return body[0]! >= 0x80 ? Buffer.concat([Buffer.from([0]), body]) : body;
}

/** 64-byte r||s + sighash byte → DER + sighash byte. */
export function encodeSignature(compact: Uint8Array, hashType: number): Buffer {
  const r = toDerInt(compact.subarray(0, 32));
  const s = toDerInt(compact.subarray(32, 64));
  return Buffer.concat([
    Buffer.from([0x30, 4 + r.length + s.length, 0x02, r.length]),
    r,
    Buffer.from([0x02, s.length]),
    s,
    Buffer.from([hashType]),
  ]);
}

/** DER + sighash byte → 64-byte r||s and the sighash byte; throws SIGNATURE_MALFORMED unless strict DER. */
export function decodeSignature(sig: Uint8Array): { compact: Buffer; hashType: number } {
  const bad = (why: string) => new BitcoinError('SIGNATURE_MALFORMED', `not a strict DER signature: ${why}`);
  if (sig.length < 9 || sig.length > 73) throw bad('length');
  const der = sig.subarray(0, -1);
  if (der[0] !== 0x30 || der[1] !== der.length - 2) throw bad('header');
  const lenR = der[3]!;
  if (der[2] !== 0x02 || lenR === 0 || 5 + lenR >= der.length) throw bad('r');
  const lenS = der[5 + lenR]!;
  if (der[4 + lenR] !== 0x02 || lenS === 0 || 6 + lenR + lenS !== der.length) throw bad('s');
  const r = der.subarray(4, 4 + lenR);
  const s = der.subarray(6 + lenR);
  for (const x of [r, s]) {
    if (x[0]! & 0x80) throw bad('negative integer');
    if (x.length > 1 && x[0] === 0 && !(x[1]! & 0x80)) throw bad('padding');
    if (x.length > 33 || (x.length === 33 && x[0] !== 0)) throw bad('integer too long');
  }
  const pad = (x: Uint8Array) => Buffer.concat([Buffer.alloc(32), Buffer.from(x)]).subarray(-32);
  return { compact: Buffer.concat([pad(r), pad(s)]), hashType: sig[sig.length - 1]! };
}
