import { describe, expect, it } from 'vitest';
import { CHAINS, chainByKey, explorerUrl, requireChain } from './chain-table';
import { isChainError } from './errors';

describe('chain table', () => {
  it('has every product chain once, with unique keys and RPC variables', () => {
    const keys = CHAINS.map((c) => c.key);
    expect(keys).toEqual([
      '31337',
      '1',
      '11155111',
      '56',
      '137',
      '42161',
      '10',
      '8453',
      '43114',
      'btc',
      'btc-testnet',
      'btc-regtest',
      'ltc',
      'ltc-regtest',
      'bch',
      'trx',
      'trx-nile',
      'sol',
      'sol-devnet',
      'xrp',
      'xrp-testnet',
    ]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(CHAINS.map((c) => c.rpcEnv)).size).toBe(CHAINS.length);
  });

  it('EVM entries: numeric chain id = key, 18 decimals, EVM_RPC_URL_<id>', () => {
    for (const c of CHAINS.filter((c) => c.family === 'EVM')) {
      expect(typeof c.chainId).toBe('number');
      expect(String(c.chainId)).toBe(c.key);
      expect(c.nativeDecimals).toBe(18);
      expect(c.rpcEnv).toBe(`EVM_RPC_URL_${c.chainId}`);
    }
  });

  it('native units of the non-EVM chains', () => {
    const units = Object.fromEntries(
      CHAINS.filter((c) => c.family !== 'EVM').map((c) => [
        c.key,
        [c.family, c.nativeSymbol, c.nativeDecimals],
      ]),
    );
    expect(units).toEqual({
      btc: ['BTC', 'BTC', 8],
      'btc-testnet': ['BTC', 'BTC', 8],
      'btc-regtest': ['BTC', 'BTC', 8],
      ltc: ['BTC', 'LTC', 8],
      'ltc-regtest': ['BTC', 'LTC', 8],
      bch: ['BTC', 'BCH', 8],
      trx: ['TRX', 'TRX', 6],
      'trx-nile': ['TRX', 'TRX', 6],
      sol: ['SOL', 'SOL', 9],
      'sol-devnet': ['SOL', 'SOL', 9],
      xrp: ['XRP', 'XRP', 6],
      'xrp-testnet': ['XRP', 'XRP', 6],
    });
    expect(chainByKey('btc')!.rpcEnv).toBe('BTC_RPC_URL');
    expect(chainByKey('ltc')!.rpcEnv).toBe('LTC_RPC_URL');
    expect(chainByKey('bch')!.rpcEnv).toBe('BCH_RPC_URL');
    expect(chainByKey('trx')!.rpcEnv).toBe('TRON_RPC_URL');
    expect(chainByKey('trx-nile')!.rpcEnv).toBe('TRON_NILE_RPC_URL');
    expect(chainByKey('sol')!.rpcEnv).toBe('SOLANA_RPC_URL');
    expect(chainByKey('xrp')!.rpcEnv).toBe('XRPL_RPC_URL');
    expect(chainByKey('xrp-testnet')!.rpcEnv).toBe('XRPL_TESTNET_RPC_URL');
  });

  it('devnets are testnets without explorer; every mainnet has explorer templates', () => {
    const devnets = CHAINS.filter((c) => c.devnet).map((c) => c.key);
    expect(devnets).toEqual(['31337', 'ltc-regtest']);
    for (const c of CHAINS) {
      if (c.devnet) {
        expect(c.testnet).toBe(true);
        expect(c.explorer).toBeNull();
      }
      if (!c.testnet) {
        expect(c.explorer!.tx).toMatch(/^https:\/\/.*\{hash\}$/);
        expect(c.explorer!.address).toMatch(/^https:\/\/.*\{address\}$/);
      }
    }
    expect(chainByKey('31337')).toMatchObject({
      name: 'Devnet',
      nativeSymbol: 'ETH',
      testnet: true,
      devnet: true,
      explorer: null,
    });
  });

  it('lookups and explorer links', () => {
    expect(chainByKey('nope')).toBeUndefined();
    expect(() => requireChain('nope')).toThrow();
    try {
      requireChain('nope');
    } catch (e) {
      expect(isChainError(e, 'UNSUPPORTED_CHAIN')).toBe(true);
    }
    expect(explorerUrl(requireChain('1'), 'tx', '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(explorerUrl(requireChain('trx'), 'address', 'TXYZ')).toBe('https://tronscan.org/#/address/TXYZ');
    expect(explorerUrl(requireChain('31337'), 'tx', '0xabc')).toBeNull();
    expect(Object.isFrozen(CHAINS[0])).toBe(true);
  });
});
