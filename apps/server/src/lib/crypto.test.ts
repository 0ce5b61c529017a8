import { describe, expect, it } from 'vitest';
import { randomToken } from './crypto';

describe('randomToken', () => {
  it('hands out each pooled byte once: distinct tokens of the asked length across pool refills', () => {
    const tokens = Array.from({ length: 5_000 }, () => randomToken(18));
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(18);
    expect(Buffer.from(randomToken(), 'base64url')).toHaveLength(32);
  });

  it('draws a token larger than the pool on its own', () => {
    expect(Buffer.from(randomToken(5_000), 'base64url')).toHaveLength(5_000);
  });
});
