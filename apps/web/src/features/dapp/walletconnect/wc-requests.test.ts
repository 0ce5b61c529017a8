import { describe, expect, it } from 'vitest';
import { proposedChains, wcActionOf } from './wc-requests';

const SAFE = '0x139572532bA3A3546F3AAC4D8c10E21794305412';
const TOKEN = '0xcE3dE43d8747AB83aaaE7ea7c5bF87e3A2Cd458B';

describe('a WalletConnect request, as the Safe answers it', () => {
  it('turns eth_sendTransaction into one call in decimal wei, from this Safe only', () => {
    expect(
      wcActionOf(
        'eth_sendTransaction',
        [{ from: SAFE.toLowerCase(), to: TOKEN, value: '0x10', data: '0xa9059cbb' }],
        SAFE,
        31337,
      ),
    ).toEqual({
      kind: 'send',
      calls: [{ to: TOKEN, value: '16', data: '0xa9059cbb' }],
    });
    // `input` is the newer name of `data`; no value is 0.
    expect(wcActionOf('eth_sendTransaction', [{ to: TOKEN, input: '0x' }], SAFE, 31337)).toEqual({
      kind: 'send',
      calls: [{ to: TOKEN, value: '0', data: '0x' }],
    });
    for (const tx of [
      { from: TOKEN, to: TOKEN },
      { from: SAFE },
      { to: 'not an address' },
      { to: TOKEN, value: 'ten' },
      { to: TOKEN, value: '-1' },
      { to: TOKEN, data: '0xabc' },
    ])
      expect(wcActionOf('eth_sendTransaction', [tx], SAFE, 31337)).toMatchObject({
        kind: 'refuse',
        code: -32602,
      });
  });

  it('answers the chain and the account itself, sends reads to the node and refuses the rest', () => {
    expect(wcActionOf('eth_chainId', [], SAFE, 31337)).toEqual({ kind: 'answer', result: '0x7a69' });
    expect(wcActionOf('eth_accounts', [], SAFE, 1)).toEqual({ kind: 'answer', result: [SAFE] });
    expect(wcActionOf('eth_getBalance', [SAFE, 'latest'], SAFE, 1)).toEqual({
      kind: 'read',
      method: 'eth_getBalance',
      params: [SAFE, 'latest'],
    });
    const hash = `0x${'Ab'.repeat(32)}`;
    expect(wcActionOf('eth_getTransactionReceipt', [hash], SAFE, 1)).toEqual({
      kind: 'receipt',
      method: 'eth_getTransactionReceipt',
      hash: hash.toLowerCase(),
    });
    expect(wcActionOf('eth_getTransactionReceipt', ['0x12'], SAFE, 1)).toMatchObject({ kind: 'refuse' });
    for (const method of ['eth_sign', 'wallet_switchEthereumChain', 'eth_sendRawTransaction'])
      expect(wcActionOf(method, [], SAFE, 1)).toMatchObject({ kind: 'refuse', code: 4200 });
  });

  it('turns personal_sign and eth_signTypedData_v4 for this Safe into a message to review', () => {
    expect(wcActionOf('personal_sign', ['0x68656c6c6f', SAFE.toLowerCase()], SAFE, 1)).toEqual({
      kind: 'sign',
      message: { kind: 'personal', raw: '0x68656c6c6f' },
    });
    expect(wcActionOf('personal_sign', ['hello', SAFE], SAFE, 1)).toEqual({
      kind: 'sign',
      message: { kind: 'personal', text: 'hello' },
    });
    const typed = {
      domain: { name: 'Orders', chainId: 1 },
      types: { Order: [{ name: 'amount', type: 'uint256' }] },
      primaryType: 'Order',
      message: { amount: '5' },
    };
    expect(wcActionOf('eth_signTypedData_v4', [SAFE, JSON.stringify(typed)], SAFE, 1)).toEqual({
      kind: 'sign',
      message: { kind: 'typed', typed_data: typed },
    });
    for (const [method, args] of [
      ['personal_sign', ['0x68656c6c6f', TOKEN]],
      ['personal_sign', ['', SAFE]],
      ['eth_signTypedData_v4', [SAFE, '{not json']],
      ['eth_signTypedData_v4', [SAFE, { ...typed, primaryType: undefined }]],
      ['eth_signTypedData_v4', [TOKEN, typed]],
    ] as const)
      expect(wcActionOf(method, [...args], SAFE, 1)).toMatchObject({ kind: 'refuse', code: -32602 });
  });

  it('lists the chains a proposal names, required or optional', () => {
    expect(
      proposedChains({
        requiredNamespaces: { eip155: { chains: ['eip155:1'] } },
        optionalNamespaces: { eip155: { chains: ['eip155:1', 'eip155:31337'] }, 'eip155:10': {} },
      }),
    ).toEqual(['eip155:1', 'eip155:31337', 'eip155:10']);
    expect(proposedChains({})).toEqual([]);
  });
});
