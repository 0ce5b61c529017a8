// Bitcoin-alphabet base58, the encoding Solana uses for signatures, blockhashes and base58
// transactions. Written out here (a few lines) rather than adding a dependency; speed is no concern
// at devnet sizes.
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, BigInt(i)]));

export function encodeBase58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  // Each leading zero byte is written as a leading '1'.
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

export function decodeBase58(text: string): Uint8Array {
  let n = 0n;
  for (const c of text) {
    const digit = INDEX.get(c);
    if (digit === undefined) throw new Error(`invalid base58 character '${c}'`);
    n = n * 58n + digit;
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  let zeros = 0;
  while (text[zeros] === '1') zeros++;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}
