import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pemSecret } from './pem-secret';

const pem = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  .privateKey.export({ type: 'sec1', format: 'pem' })
  .toString();

describe('a pasted PEM secret', () => {
  it('is the same key whether pasted whole, on one line or with escaped line breaks', () => {
    const der = (text: string) =>
      createPrivateKey(text).export({ type: 'sec1', format: 'der' }).toString('hex');
    const oneLine = pem.replace(/\n/g, '');
    const escaped = JSON.stringify(pem).slice(1, -1);
    expect(() => createPrivateKey(oneLine)).toThrow();
    for (const pasted of [pem, oneLine, escaped, `  ${pem}  `]) expect(der(pemSecret(pasted))).toBe(der(pem));
  });

  it('leaves an HMAC secret as it is', () => {
    expect(pemSecret('7c2e9b4f1a6d 3c8e')).toBe('7c2e9b4f1a6d 3c8e');
  });
});
