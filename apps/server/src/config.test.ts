import { describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_AUDIT_KEY, loadConfig } from './config';

describe('configuration', () => {
  it('starts on the embedded defaults with no variables', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DEVNET: true, isProduction: false });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'localhost',
        EVM_RPC_URL_1: 'ftp://x',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'EVM_RPC_URL_1'])
        expect(message).toContain(name);
    }
  });

  it('requires APP_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: 'x'.repeat(32),
        AUDIT_HMAC_KEY: 'k'.repeat(32),
        PAYMENT_MASTER_KEY: 'm'.repeat(32),
        EXCHANGE_SECRET_KEY: 'e'.repeat(32),
      }).isProduction,
    ).toBe(true);
    // The payment addresses' keys are never sealed under the development key in production.
    expect(() =>
      loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), AUDIT_HMAC_KEY: 'k'.repeat(32) }),
    ).toThrow(/PAYMENT_MASTER_KEY/);
  });

  it('requires AUDIT_HMAC_KEY in production; development uses the documented fixed key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) })).toThrow(
      /AUDIT_HMAC_KEY/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32), AUDIT_HMAC_KEY: 'short' }),
    ).toThrow(/AUDIT_HMAC_KEY/);
    expect(loadConfig({}).auditKey).toBe(DEVELOPMENT_AUDIT_KEY);
    expect(loadConfig({ AUDIT_HMAC_KEY: 'a'.repeat(40) }).auditKey).toBe('a'.repeat(40));
  });

  it('requires EXCHANGE_SECRET_KEY in production and refuses the exchange URL override there', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
      AUDIT_HMAC_KEY: 'k'.repeat(32),
      PAYMENT_MASTER_KEY: 'm'.repeat(32),
    };
    expect(() => loadConfig(production)).toThrow(/EXCHANGE_SECRET_KEY/);
    expect(loadConfig({ ...production, EXCHANGE_SECRET_KEY: 'e'.repeat(32) }).exchangeSecretKey).toBe(
      'e'.repeat(32),
    );
    expect(() =>
      loadConfig({
        ...production,
        EXCHANGE_SECRET_KEY: 'e'.repeat(32),
        EXCHANGE_API_URLS_JSON: '{"binance":"http://127.0.0.1:1"}',
      }),
    ).toThrow(/EXCHANGE_API_URLS_JSON/);
  });

  it('reads configured EVM RPC URLs by chain id', () => {
    expect(loadConfig({ EVM_RPC_URL_11155111: 'https://rpc.example.org' }).evmRpcUrls).toEqual([
      { chainId: 11155111, rpcUrl: 'https://rpc.example.org' },
    ]);
  });
});
