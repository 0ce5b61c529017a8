import { describe, expect, it } from 'vitest';
import { base58Decode, base58Encode, isSolanaAddress, isSolanaSignature } from './solana-address';

// The System Program (32 zero bytes), the Token program, and a wallet address.
const SYSTEM = '11111111111111111111111111111111';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const WALLET = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH';

describe('Solana addresses', () => {
  it('accepts base58 of 32 bytes', () => {
    expect(isSolanaAddress(SYSTEM)).toBe(true);
    expect(isSolanaAddress(TOKEN)).toBe(true);
    expect(isSolanaAddress(` ${WALLET} `)).toBe(true);
  });

  it('refuses other alphabets, lengths and other chains’ addresses', () => {
    expect(isSolanaAddress('')).toBe(false);
    expect(isSolanaAddress(`${WALLET.slice(0, -1)}0`)).toBe(false); // 0 is not base58
    expect(isSolanaAddress(WALLET.slice(0, 30))).toBe(false);
    expect(isSolanaAddress('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf')).toBe(false);
    expect(isSolanaAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false); // 25 bytes
    expect(isSolanaAddress('111111111111111111111111111111111')).toBe(false); // 33 bytes
  });

  it('encodes and decodes base58 both ways, leading zero bytes as 1s', () => {
    const bytes = new Uint8Array([0, 0, 1, 2, 255]);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
    expect(base58Encode(new Uint8Array(32))).toBe(SYSTEM);
    expect(base58Decode(TOKEN)?.length).toBe(32);
  });

  it('takes a 64-byte base58 signature', () => {
    const signature = base58Encode(new Uint8Array(64).fill(7));
    expect(isSolanaSignature(signature)).toBe(true);
    expect(isSolanaSignature(WALLET)).toBe(false);
    expect(isSolanaSignature(`${signature}!`)).toBe(false);
  });
});
