import { describe, expect, it } from 'vitest';
import { buildTransfer, safeDomainSeparator, safeTxHash, safeTxTypedData } from '@keystead/chains';
import type { EvmTaskInfo } from '@keystead/contract/api/transfer-replies';
import { reviewTask } from './task-review';

// The platform's own Safe hashing (packages/chains) is the reference the phone's viem hashes must meet.
const SAFE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDT = { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', symbol: 'USDT', decimals: 6 };
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
