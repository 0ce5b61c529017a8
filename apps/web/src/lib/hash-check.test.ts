import { describe, expect, it } from 'vitest';
import {
  buildTransfer,
  safeDomainSeparator,
  safeTxHash,
  safeTxPreimage,
  safeTxTypedData,
  type SafeTx,
} from '@keystead/chains';
import type { TypedDataRequest } from './wallet-connectors/types';
import { hashesAgree } from './hash-check';

// The platform's own Safe hashing (packages/chains: hand-encoded EIP-712, checked against the Safe
// contract's getTransactionHash on the devnet) is the reference the browser's viem hashes must meet.
const SAFE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDT = { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', symbol: 'USDT', decimals: 6 };
const tx = buildTransfer({ to: TO, amount: 1_500_000n, token: USDT, nonce: 7n });
/** hashStruct(SafeTx): the preimage is 0x1901 ‖ domain separator ‖ struct hash. */
const safeTxStructHash = (safeTx: SafeTx) => `0x${safeTxPreimage(31337, SAFE, safeTx).slice(-64)}`;
const typed = safeTxTypedData(31337, SAFE, tx) as unknown as TypedDataRequest;
const shown = {
  safe_tx_hash: safeTxHash(31337, SAFE, tx),
  domain_hash: safeDomainSeparator(31337, SAFE),
  message_hash: safeTxStructHash(tx),
};

describe('hashesAgree', () => {
  it("agrees with the platform's Safe hashes for the typed data it signs", () => {
    expect(hashesAgree(typed, shown)).toBe(true);
  });

  it('disagrees when the review shows another transaction or another Safe', () => {
    const other = buildTransfer({ to: TO, amount: 1n, token: USDT, nonce: 7n });
    expect(hashesAgree(typed, { ...shown, message_hash: safeTxStructHash(other) })).toBe(false);
    expect(hashesAgree(typed, { ...shown, domain_hash: safeDomainSeparator(1, SAFE) })).toBe(false);
    expect(hashesAgree(typed, { ...shown, safe_tx_hash: safeTxHash(31337, SAFE, other) })).toBe(false);
  });

  it('disagrees when the typed data cannot be hashed', () => {
    expect(hashesAgree({ ...typed, primaryType: 'Nothing' }, shown)).toBe(false);
  });
});
