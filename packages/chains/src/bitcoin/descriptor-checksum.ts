/**
 * BIP-380 descriptor checksum: 8 characters of a BCH-style code over the descriptor text,
 * written after '#'. Every descriptor this adapter emits carries one and every import checks it.
 */
const INPUT_CHARSET =
  '0123456789()[],\'/*abcdefgh@:$%{}IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~ijklmnopqrstuvwxyzABCDEFGH`#"\\ ';
const CHECKSUM_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn];

function polymod(c: bigint, value: number): bigint {
  const top = c >> 35n;
  c = ((c & 0x7ffffffffn) << 5n) ^ BigInt(value);
  for (let i = 0; i < 5; i++) if ((top >> BigInt(i)) & 1n) c ^= GENERATORS[i]!;
  return c;
}

/** The checksum of a descriptor body (without '#'); null when it has a character outside the set. */
export function descriptorChecksum(body: string): string | null {
  let c = 1n;
  let cls = 0;
  let clsCount = 0;
  for (const ch of body) {
    const pos = INPUT_CHARSET.indexOf(ch);
    if (pos === -1) return null;
    c = polymod(c, pos & 31);
    cls = cls * 3 + (pos >> 5);
    if (++clsCount === 3) {
      c = polymod(c, cls);
      cls = 0;
      clsCount = 0;
    }
  }
  if (clsCount > 0) c = polymod(c, cls);
  for (let i = 0; i < 8; i++) c = polymod(c, 0);
  c ^= 1n;
  let out = '';
  for (let i = 0; i < 8; i++) out += CHECKSUM_CHARSET[Number((c >> BigInt(5 * (7 - i))) & 31n)];
  return out;
}

/** body#checksum */
export function withChecksum(body: string): string {
  const sum = descriptorChecksum(body);
  if (sum === null) throw new Error('descriptor has a character outside the BIP-380 set');
  return `${body}#${sum}`;
}

/**
 * Splits "body#checksum" and checks the checksum. Without '#' the body is returned as is when
 * `requireChecksum` is false. Returns null for a wrong checksum.
 */
export function verifyDescriptorChecksum(text: string, requireChecksum = false): { body: string } | null {
  const hash = text.indexOf('#');
  if (hash === -1) return requireChecksum ? null : { body: text };
  const body = text.slice(0, hash);
  const sum = text.slice(hash + 1);
  if (sum.length !== 8) return null;
  return descriptorChecksum(body) === sum ? { body } : null;
}
