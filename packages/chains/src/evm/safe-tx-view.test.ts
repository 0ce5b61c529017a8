import { concat, encodeFunctionData, keccak256, zeroAddress, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { erc20Abi } from './abi';
import {
  buildContractCall,
  buildRejection,
  buildTransfer,
  safeDomainSeparator,
  safeTxHash,
  type SafeTx,
} from './safe-tx';
import { approveCallData } from './token-approvals';
import { safeTxReview } from './safe-tx-view';

const safe: Address = '0x1111111111111111111111111111111111111111';
const token: Address = '0x2222222222222222222222222222222222222222';
const recipient: Address = '0x3333333333333333333333333333333333333333';

describe('safeTxReview: the decoded call and the three hashes a signer compares', () => {
  it('decodes an ERC-20 transfer; domain ‖ message recombine to the safeTxHash', () => {
    const tx = buildTransfer({
      token: { contract: token, symbol: 'USDT', decimals: 6 },
      to: recipient,
      amount: 5_000_000n,
      nonce: 7n,
    });
    const view = safeTxReview(31337, safe, tx);
    expect(view).toMatchObject({
      chain_id: 31337,
      safe_address: safe,
      kind: 'erc20_transfer',
      token_contract: token,
      recipient,
      amount_raw: '5000000',
      native_value: '0',
      operation: 'CALL',
      nonce: '7',
    });
    expect(view.domain_hash).toBe(safeDomainSeparator(31337, safe));
    expect(keccak256(concat(['0x1901', view.domain_hash, view.message_hash]))).toBe(view.safe_tx_hash);
    expect(view.safe_tx_hash).toBe(safeTxHash(31337, safe, tx));
  });

  it('names native transfers, the rejection (self call) and other calls; DELEGATECALL is shown', () => {
    const native = buildTransfer({
      token: { contract: null, symbol: 'ETH', decimals: 18 },
      to: recipient,
      amount: 10n ** 18n,
      nonce: 0n,
    });
    expect(safeTxReview(1, safe, native)).toMatchObject({
      kind: 'native',
      recipient,
      amount_raw: '1000000000000000000',
      native_value: '1000000000000000000',
    });
    expect(safeTxReview(1, safe, buildRejection(safe, 3n))).toMatchObject({ kind: 'self', recipient: null });
    const delegate: SafeTx = {
      ...native,
      to: token,
      value: 0n,
      operation: 1,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 1n] }),
      gasToken: zeroAddress,
    };
    // A transfer() under DELEGATECALL runs in the Safe's own storage: never shown as a token transfer.
    expect(safeTxReview(1, safe, delegate)).toMatchObject({
      kind: 'contract_call',
      operation: 'DELEGATECALL',
      recipient: null,
    });
  });

  it('decodes an approval cancel: approve(spender, 0) to the token, the spender as recipient', () => {
    const data = approveCallData(recipient, 0n);
    // ERC-20 approve(address,uint256) is selector 0x095ea7b3 (EIP-20), then two 32-byte words.
    expect(data).toBe(`0x095ea7b3${'0'.repeat(24)}${recipient.slice(2).toLowerCase()}${'0'.repeat(64)}`);
    const view = safeTxReview(1, safe, buildContractCall({ to: token, data, nonce: 4n }));
    expect(view).toMatchObject({
      kind: 'erc20_approve',
      token_contract: token,
      recipient,
      amount_raw: '0',
      native_value: '0',
      operation: 'CALL',
    });
  });
});
