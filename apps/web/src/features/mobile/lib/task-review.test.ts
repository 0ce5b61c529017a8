import { hashMessage, hashTypedData, toHex, type Hex, type TypedDataDefinition } from 'viem';
import { describe, expect, it } from 'vitest';
import { buildTransfer, safeDomainSeparator, safeTxHash, safeTxTypedData } from '@keystead/chains';
import { safeMessageHash, safeMessagePayload, safeMessageReview } from '@keystead/chains/evm/safe-message';
import { safeMessageTypedData } from '@keystead/chains/evm/safe-tx';
import type { EvmTaskInfo } from '@keystead/contract/api/transfer-replies';
import { reviewMessage, reviewTask } from './task-review';

// The platform's own Safe hashing (packages/chains) is the reference the phone's viem hashes must meet.
const SAFE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDT = { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', symbol: 'USDT', decimals: 6 };
const ORDER = {
  domain: { name: 'Devnet Orders', version: '1', chainId: 31337 },
  types: {
    Order: [
      { name: 'maker', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Order',
  message: { maker: TO, amount: '1500000' },
} as const;
const tx = buildTransfer({ to: TO, amount: 12_500_000n, token: USDT, nonce: 3n });

function task(view: Partial<NonNullable<EvmTaskInfo['safe_tx']>> | null): EvmTaskInfo {
  return {
    typed_data: safeTxTypedData(31337, SAFE, tx),
    safe_tx_hash: null,
    amount: '12.5',
    symbol: 'USDT',
    nonce: '3',
    safe_tx:
      view === null
        ? null
        : {
            safe_tx_hash: safeTxHash(31337, SAFE, tx),
            domain_hash: safeDomainSeparator(31337, SAFE),
            recipient: TO,
            to: USDT.contract,
            amount: '12.5',
            token_symbol: 'USDT',
            native_symbol: 'ETH',
            kind: 'erc20_transfer',
            ...view,
          },
  } as unknown as EvmTaskInfo;
}

describe('the phone’s review of a Safe transaction', () => {
  it('decodes an ERC-20 transfer from the typed data and agrees with the server’s hashes', () => {
    const review = reviewTask(task({}))!;
    expect(review).toMatchObject({
      kind: 'token',
      to: TO,
      amount: '12.5',
      symbol: 'USDT',
      nonce: '3',
      chainId: 31337,
      mismatch: null,
    });
    expect(review.safeTxHash).toBe(safeTxHash(31337, SAFE, tx));
    expect(review.domainHash).toBe(safeDomainSeparator(31337, SAFE));
  });

  it('without the server’s decimals, shows the raw amount it decoded', () => {
    const review = reviewTask(task({ amount: null }))!;
    expect(review).toMatchObject({ amount: '12500000', raw: true });
  });

  it('refuses when a hash or the recipient differs from the server’s review', () => {
    const other = buildTransfer({ to: TO, amount: 1n, token: USDT, nonce: 3n });
    expect(reviewTask(task({ safe_tx_hash: safeTxHash(31337, SAFE, other) }))!.mismatch).toBe('hash');
    expect(reviewTask(task({ domain_hash: safeDomainSeparator(1, SAFE) }))!.mismatch).toBe('hash');
    expect(reviewTask(task({ recipient: USDT.contract }))!.mismatch).toBe('recipient');
  });

  it('has nothing to review without typed data', () => {
    expect(reviewTask({ ...task(null), typed_data: null })).toBeNull();
  });
});

// A Dapp's message task as the server gives it: the review (packages/chains) and the SafeMessage to sign.
const messageTask = (
  request: Parameters<typeof safeMessagePayload>[0],
  signing?: ReturnType<typeof safeMessageTypedData>,
): EvmTaskInfo => {
  const view = safeMessageReview(31337, SAFE, safeMessagePayload(request));
  return {
    safe_tx: null,
    safe_message: view,
    typed_data: signing ?? safeMessageTypedData(31337, SAFE, view.message_hash as Hex),
  } as unknown as EvmTaskInfo;
};

describe('the phone’s review of a Dapp’s message', () => {
  it('shows the text, the hash the Dapp checks and the SafeMessage hash it signs', () => {
    const text = 'Sign in to Login\nNonce: 51';
    const review = reviewMessage(messageTask({ kind: 'personal', text, raw: null }))!;
    expect(review).toMatchObject({ text, raw: null, typed: null, chainId: 31337, mismatch: false });
    expect(review.safe?.toLowerCase()).toBe(SAFE.toLowerCase());
    expect(review.dappHash).toBe(hashMessage(text));
    expect(review.safeMessageHash).toBe(safeMessageHash(31337, SAFE, hashMessage(text)));
    expect(reviewTask(messageTask({ kind: 'personal', text, raw: null }))).toBeNull();
  });

  it('shows raw bytes as hex with their text when printable, and typed data by its parts', () => {
    const raw = toHex('gm ✓');
    expect(reviewMessage(messageTask({ kind: 'personal', text: null, raw }))).toMatchObject({
      raw,
      text: 'gm ✓',
      mismatch: false,
    });
    expect(reviewMessage(messageTask({ kind: 'personal', text: null, raw: '0x00ff10' }))).toMatchObject({
      raw: '0x00ff10',
      text: null,
      mismatch: false,
    });
    const review = reviewMessage(messageTask({ kind: 'typed', typed_data: ORDER }))!;
    expect(review).toMatchObject({
      typed: { primaryType: 'Order', domain: ORDER.domain, message: ORDER.message },
      text: null,
      mismatch: false,
    });
    expect(review.dappHash).toBe(hashTypedData(ORDER as unknown as TypedDataDefinition));
  });

  it('refuses typed data that is not the SafeMessage of exactly the message shown, for this Safe', () => {
    const shown = { kind: 'personal', text: 'Sign in', raw: null } as const;
    const other = hashMessage('Transfer all');
    expect(reviewMessage(messageTask(shown, safeMessageTypedData(31337, SAFE, other)))!.mismatch).toBe(true);
    expect(
      reviewMessage(messageTask(shown, safeMessageTypedData(31337, TO, hashMessage('Sign in'))))!.mismatch,
    ).toBe(true);
    expect(
      reviewMessage(messageTask(shown, safeMessageTypedData(1, SAFE, hashMessage('Sign in'))))!.mismatch,
    ).toBe(true);
    // A review whose text was changed while its hashes and typed data were left alone.
    const tampered = messageTask(shown);
    tampered.safe_message = { ...tampered.safe_message!, text: 'Sign out' };
    expect(reviewMessage(tampered)!.mismatch).toBe(true);
    // Typed data whose fields were changed: its hash is not the one the review names.
    const typed = messageTask({ kind: 'typed', typed_data: ORDER });
    typed.safe_message = {
      ...typed.safe_message!,
      typed_data: JSON.stringify({ ...ORDER, message: { ...ORDER.message, amount: '9999999' } }),
    };
    expect(reviewMessage(typed)).toMatchObject({ mismatch: true, typed: { primaryType: 'Order' } });
  });

  it('has nothing to review without a message or typed data', () => {
    expect(reviewMessage(task({}))).toBeNull();
    expect(
      reviewMessage({ ...messageTask({ kind: 'personal', text: 'x', raw: null }), typed_data: null }),
    ).toBeNull();
  });
});
