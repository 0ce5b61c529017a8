import { hashMessage, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { safeMessageHash, safeMessageReview, safeMessagePayload } from '@keystead/chains/evm/safe-message';
import { safeMessageTypedData } from '@keystead/chains/evm/safe-tx';
import type { TypedDataRequest } from './wallet-connectors/types';
import { rawAsText } from './dapp-message';
import { messageHashesAgree } from './safe-message-check';

const safe = '0x00000000000000000000000000000000005AFE01';
const view = (request: Parameters<typeof safeMessagePayload>[0]) =>
  safeMessageReview(31337, safe, safeMessagePayload(request));
const signingData = (hash: `0x${string}`, on = safe) =>
  safeMessageTypedData(31337, on, hash) as unknown as TypedDataRequest;

describe('the signing page’s check of a Safe message', () => {
  it('agrees when the typed data is the SafeMessage of the message shown', async () => {
    const shown = view({ kind: 'personal', text: 'Sign in', raw: null });
    expect(messageHashesAgree(signingData(hashMessage('Sign in')), shown)).toBe(true);
    // And the owner's signature of it is over the SafeMessage hash the review names.
    const owner = privateKeyToAccount(`0x${'11'.repeat(32)}`);
    const signature = await owner.signTypedData(signingData(hashMessage('Sign in')) as never);
    const direct = await owner.sign({ hash: safeMessageHash(31337, safe, hashMessage('Sign in')) });
    expect(signature).toBe(direct);
  });

  it('refuses another message behind the text shown, another Safe, or altered hashes', () => {
    const shown = view({ kind: 'personal', text: 'Sign in', raw: null });
    expect(messageHashesAgree(signingData(hashMessage('Transfer all')), shown)).toBe(false);
    expect(messageHashesAgree(signingData(hashMessage('Sign in'), `0x${'22'.repeat(20)}`), shown)).toBe(
      false,
    );
    // A review whose text was changed but whose hashes were not.
    expect(messageHashesAgree(signingData(hashMessage('Sign in')), { ...shown, text: 'Sign out' })).toBe(
      false,
    );
    expect(
      messageHashesAgree(signingData(hashMessage('Sign in')), {
        ...shown,
        domain_hash: `0x${'00'.repeat(32)}`,
      }),
    ).toBe(false);
  });

  it('shows printable raw bytes as text, binary as nothing', () => {
    expect(rawAsText(toHex('hello ✓'))).toBe('hello ✓');
    expect(rawAsText('0x00ff10')).toBeNull();
    expect(rawAsText(null)).toBeNull();
  });
});
