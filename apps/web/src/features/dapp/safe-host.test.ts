import { describe, expect, it } from 'vitest';
import { MessageFormatter, Methods } from '@safe-global/safe-apps-sdk';
import { TaskStatus } from '@keystead/contract/states';
import {
  balancesOf,
  callsOf,
  chainInfoOf,
  dappUrl,
  messageOf,
  isSafeAppRequest,
  replyError,
  replyOk,
  txDetailsOf,
} from './safe-host';

const SAFE = '0x1111111111111111111111111111111111111111';
const TOKEN = '0x2222222222222222222222222222222222222222';

describe('Safe Apps host protocol', () => {
  it('recognises what the SDK posts and nothing else', () => {
    // The SDK's own request builder makes window.crypto ids; the shape is what counts here.
    const request = {
      id: 'abc',
      method: Methods.getSafeInfo,
      params: undefined,
      env: { sdkVersion: '9.1.0' },
    };
    expect(isSafeAppRequest(request)).toBe(true);
    expect(isSafeAppRequest({ id: 'abc', method: 'getSafeInfo' })).toBe(false);
    expect(isSafeAppRequest('getSafeInfo')).toBe(false);
    expect(isSafeAppRequest(null)).toBe(false);
  });

  it('answers in the shapes of the SDK, with a version the SDK accepts (major ≥ 1)', () => {
    const ok = replyOk('r1', { safeTxHash: '0xab' });
    expect(ok).toEqual(MessageFormatter.makeResponse('r1', { safeTxHash: '0xab' }, ok.version!));
    expect(Number(ok.version!.split('.')[0])).toBeGreaterThanOrEqual(1);
    expect(replyError('r2', 'Transactions were rejected')).toMatchObject({
      id: 'r2',
      success: false,
      error: 'Transactions were rejected',
    });
  });

  it('opens https Dapps anywhere and http ones only on this machine', () => {
    expect(dappUrl('https://swap.example/app')?.origin).toBe('https://swap.example');
    expect(dappUrl(' http://127.0.0.1:5555/ ')?.origin).toBe('http://127.0.0.1:5555');
    expect(dappUrl('http://localhost:3000')?.origin).toBe('http://localhost:3000');
    expect(dappUrl('http://swap.example')).toBeNull();
    expect(dappUrl('javascript:alert(1)')).toBeNull();
    expect(dappUrl('swap.example')).toBeNull();
  });

  it('takes the calls of sendTransactions as decimal wei and hex data', () => {
    expect(
      callsOf({
        txs: [
          { to: TOKEN, value: '0', data: '0xa9059cbb' },
          { to: SAFE, value: '0x10', data: '' },
        ],
      }),
    ).toEqual([
      { to: TOKEN, value: '0', data: '0xa9059cbb' },
      { to: SAFE, value: '16', data: '0x' },
    ]);
    expect(callsOf({ txs: [] })).toBeNull();
    expect(callsOf({ txs: [{ to: 'nobody', value: '0', data: '0x' }] })).toBeNull();
    expect(callsOf({ txs: [{ to: TOKEN, value: 'lots', data: '0x' }] })).toBeNull();
    expect(callsOf({ txs: [{ to: TOKEN, value: '0', data: '0xabc' }] })).toBeNull();
    expect(callsOf(undefined)).toBeNull();
  });

  it('tells the Dapp where its transaction stands', () => {
    const details = (status: number, txHash: string | null = null) =>
      txDetailsOf({ safeAddress: SAFE, safeTxHash: '0xbeef', status, txHash, to: TOKEN, callCount: 2 });
    expect(details(TaskStatus.PendingApproval).txStatus).toBe('AWAITING_CONFIRMATIONS');
    expect(details(TaskStatus.PendingSignature).txStatus).toBe('AWAITING_CONFIRMATIONS');
    expect(details(TaskStatus.PendingBroadcast).txStatus).toBe('AWAITING_EXECUTION');
    expect(details(TaskStatus.OnChain, '0xfeed')).toMatchObject({
      txStatus: 'AWAITING_EXECUTION',
      txHash: '0xfeed',
    });
    expect(details(TaskStatus.Completed, '0xfeed')).toMatchObject({ txStatus: 'SUCCESS', txHash: '0xfeed' });
    expect(details(TaskStatus.Failed).txStatus).toBe('FAILED');
    expect(details(TaskStatus.Revoked).txStatus).toBe('CANCELLED');
    expect(details(TaskStatus.PendingSignature).txHash).toBeUndefined();
  });

  it("describes the chain with the SDK's explorer templates", () => {
    const info = chainInfoOf({
      chain_id: '31337',
      name: 'Devnet',
      symbol: 'ETH',
      decimals: 18,
      explorer: { tx: 'https://scan.example/tx/{hash}', address: 'https://scan.example/address/{address}' },
    });
    expect(info).toMatchObject({
      chainId: '31337',
      chainName: 'Devnet',
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      blockExplorerUriTemplate: {
        txHash: 'https://scan.example/tx/{{txHash}}',
        address: 'https://scan.example/address/{{address}}',
      },
    });
  });

  it('reads the message of signMessage and signTypedMessage as the SDK sends them', () => {
    expect(messageOf(Methods.signMessage, { message: 'Sign in' })).toEqual({
      kind: 'personal',
      text: 'Sign in',
    });
    expect(messageOf(Methods.signMessage, { message: '' })).toBeNull();
    expect(messageOf(Methods.signMessage, { message: 7 })).toBeNull();
    const typedData = {
      domain: { name: 'Orders', chainId: { toString: () => '31337' } },
      types: {
        Order: [
          { name: 'maker', type: 'Party' },
          { name: 'amount', type: 'uint256' },
        ],
        Party: [{ name: 'wallet', type: 'address' }],
      },
      message: { maker: { wallet: SAFE }, amount: '5' },
    };
    // primaryType left out: the one type no other type uses (the SDK's rule); chainId made a number.
    expect(messageOf(Methods.signTypedMessage, { typedData })).toEqual({
      kind: 'typed',
      typed_data: { ...typedData, domain: { name: 'Orders', chainId: 31337 }, primaryType: 'Order' },
    });
    expect(messageOf(Methods.signTypedMessage, { typedData: { ...typedData, types: {} } })).toBeNull();
    expect(messageOf(Methods.signTypedMessage, { typedData: 'x' })).toBeNull();
    expect(messageOf(Methods.sendTransactions, { message: 'x' })).toBeNull();
  });

  it('answers getSafeBalances from the wallet’s assets: smallest units, USD value and price', () => {
    const assets = {
      amount: '1012.5',
      detail: [
        { symbol: 'ETH', contract_address: null, decimals: 18, amount: '0.5', price: '2000', value: '1000' },
        { symbol: 'USDT', contract_address: TOKEN, decimals: 6, amount: '12.5', price: null, value: '12.5' },
      ],
    };
    const balances = balancesOf(assets, { currency: 'usd' });
    expect(balances.fiatTotal).toBe('1012.5');
    expect(
      balances.items.map((i) => [i.tokenInfo.type, i.tokenInfo.address, i.balance, i.fiatConversion]),
    ).toEqual([
      ['NATIVE_TOKEN', '0x0000000000000000000000000000000000000000', '500000000000000000', '2000'],
      ['ERC20', TOKEN, '12500000', '0'],
    ]);
    expect(() => balancesOf(assets, { currency: 'eur' })).toThrow(/usd only/);
  });
});
