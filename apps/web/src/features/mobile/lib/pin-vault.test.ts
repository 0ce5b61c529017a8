import { describe, expect, it } from 'vitest';
import { isValidPin, openKey, sealKey, WrongPinError } from './pin-vault';

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const OWNER = {
  email: 'Phone@Example.com',
  name: 'My phone',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
};
// Fewer rounds than the app's 600,000 keep the test quick; the scheme is the same.
const ROUNDS = 1_000;

function fromBase64(text: string): Buffer {
  return Buffer.from(text, 'base64');
}

describe('the PIN vault', () => {
  it('opens with the PIN it was sealed with', async () => {
    const vault = await sealKey(KEY, '246810', OWNER, ROUNDS);
    expect(vault.email).toBe('phone@example.com');
    expect(vault.iterations).toBe(ROUNDS);
    expect(fromBase64(vault.salt)).toHaveLength(16);
    expect(fromBase64(vault.iv)).toHaveLength(12);
    expect(await openKey(vault, '246810')).toBe(KEY);
  });

  it('refuses a wrong PIN and an altered record', async () => {
    const vault = await sealKey(KEY, '246810', OWNER, ROUNDS);
    await expect(openKey(vault, '246811')).rejects.toBeInstanceOf(WrongPinError);
    await expect(openKey({ ...vault, address: KEY.slice(0, 42) }, '246810')).rejects.toBeInstanceOf(
      WrongPinError,
    );
    await expect(openKey({ ...vault, email: 'other@example.com' }, '246810')).rejects.toBeInstanceOf(
      WrongPinError,
    );
  });

  it('stores nothing of the key in the clear', async () => {
    const vault = await sealKey(KEY, '246810', OWNER, ROUNDS);
    const stored = JSON.stringify(vault);
    const keyHex = KEY.slice(2);
    expect(stored.toLowerCase()).not.toContain(keyHex);
    expect(stored).not.toContain(Buffer.from(keyHex, 'hex').toString('base64'));
    const sealed = fromBase64(vault.ciphertext);
    expect(sealed).toHaveLength(32 + 16); // the key's 32 bytes and the GCM tag
    expect(sealed.toString('hex')).not.toContain(keyHex.slice(0, 16));
    // Two seals of the same key differ (fresh salt and IV).
    const again = await sealKey(KEY, '246810', OWNER, ROUNDS);
    expect(again.ciphertext).not.toBe(vault.ciphertext);
  });

  it('takes six or more digits as a PIN', async () => {
    expect(isValidPin('123456')).toBe(true);
    expect(isValidPin('12345')).toBe(false);
    expect(isValidPin('12345a')).toBe(false);
    await expect(sealKey(KEY, '12345', OWNER, ROUNDS)).rejects.toThrow();
  });

  it('uses at least 310,000 rounds by default', async () => {
    const { PIN_ITERATIONS } = await import('./pin-vault');
    expect(PIN_ITERATIONS).toBeGreaterThanOrEqual(310_000);
  });
});
