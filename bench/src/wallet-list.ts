import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { csrfForSession, seedOwnerSpace, seedSession } from './seed';
import { startEvmDevnet } from '@keystead/devnet';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';
import { createRateCounter } from '../../apps/server/src/lib/rate-counter';
import { ChainRegistry } from '../../apps/server/src/modules/chains/chain-registry';
import { refreshBalances } from '../../apps/server/src/jobs/wallet-jobs';
import { dropSchema } from './http-baseline';
import { BENCH_DATABASE_URL, cpuMs, load, printRow, startChild, tempDir } from './harness';

const WALLETS = 10_000;
const TOKENS_PER_WALLET = 20;

/** 10 000 wallets with 20 custom tokens each (plus native and USDT), seeded with SQL. */
export async function seed(schema: string): Promise<{ token: string; organizationId: number }> {
  const client = new pg.Client({
    connectionString: BENCH_DATABASE_URL,
    options: `-c search_path="${schema}"`,
  });
  await client.connect();
  const { ownerId, organizationId } = await seedOwnerSpace(client, 'Bench wallets');
  await client.query(
    `insert into wallets (organization_id, chain_key, sign_type, name, address, status, threshold, created_by)
     select $1, '31337', 1, 'Wallet ' || g, '0x' || lpad(to_hex(g), 40, '0'), 1, 2, $2 from generate_series(1, $3::int) g`,
    [organizationId, ownerId, WALLETS],
  );
  // 20 token contracts, shared by every wallet (addresses without code: balanceOf fails → 0).
  await client.query(
    `insert into wallet_tokens (wallet_id, contract, symbol, decimals)
     select w.id, '0x' || lpad(to_hex(1000000 + t), 40, '0'), 'TK' || t, 18 from wallets w, generate_series(1, $1::int) t`,
    [TOKENS_PER_WALLET],
  );
  await client.query(
    `insert into wallet_balances (wallet_id, token_key, amount)
     select w.id, k.key, (random() * 1e18)::numeric(78,0) from wallets w,
       (select 'native' as key union all select '0x' || lpad(to_hex(1000000 + t), 40, '0') from generate_series(1, $1::int) t) k`,
    [TOKENS_PER_WALLET],
  );
  await client.query('analyze');
  const token = await seedSession(client, ownerId);
  await client.end();
  return { token, organizationId };
}

/** GET /wallets of a 10 000-wallet space, and the RPC requests of one balance refresh. */
export async function benchWalletList(): Promise<void> {
  console.log(
    `\n# Wallet list (PostgreSQL, ${WALLETS} wallets × ${TOKENS_PER_WALLET + 2} tokens, 50 connections)`,
  );
  const schema = `bench_wallets_${Date.now()}`;
  const devnetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-bench-devnet-'));
  const devnet = await startEvmDevnet({ dataDir: devnetDir, port: 0 });
  const env = {
    DATABASE_URL: BENCH_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    DEVNET: 'false',
    EVM_RPC_URL_31337: devnet.rpcUrl,
    BALANCE_REFRESH_SECONDS: '86400',
    LOG_LEVEL: 'warn',
    DATA_DIR: tempDir('wallets'),
  };
  const keystead = await startChild('apps/server/src/main.ts', env, '/api/v1/language');
  try {
    const { token, organizationId } = await seed(schema);
    const csrf = await csrfForSession(keystead.url, token);
    const headers = {
      cookie: `ks_session=${token}; ks_csrf=${csrf}`,
      'organization-id': String(organizationId),
    };
    // Server CPU per request decides capacity; rps and latency also depend on what else runs here.
    const cpuBefore = cpuMs(keystead.process.pid!);
    const result = await load({
      url: `${keystead.url}/api/v1/wallets?page=1&page_size=100`,
      headers,
      duration: 8,
    });
    const serverMs = (cpuMs(keystead.process.pid!) - cpuBefore) / Math.max(1, result.requests);
    printRow('GET /api/v1/wallets (100 of 10 000)', {
      rps: result.requestsPerSecond,
      p50_ms: result.p50,
      p99_ms: result.p99,
      server_cpu_ms: serverMs.toFixed(2),
      non2xx: result.non2xx + result.errors,
    });

    // One balance refresh of all 10 000 wallets, in this process, against a real devnet.
    const database = await openDatabase({ url: BENCH_DATABASE_URL, schema });
    await migrate(database);
    const chains = new ChainRegistry([
      {
        family: 'EVM',
        chainId: 31337,
        name: 'Devnet',
        rpcUrl: devnet.rpcUrl,
        isDevnet: true,
        contracts: { ...devnet.contracts },
      },
    ]);
    const { ctx } = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DEVNET: 'false' }),
      database,
      chains,
      rates: createRateCounter(),
      logger: false,
    });
    const adapter = chains.walletChain('31337') as unknown as {
      rpcRequestCount(): number;
      resetRpcRequestCount(): void;
    };
    adapter.resetRpcRequestCount();
    const started = performance.now();
    await refreshBalances(ctx);
    const calls = WALLETS * (TOKENS_PER_WALLET + 2);
    printRow('balance refresh of every wallet', {
      wallets: WALLETS,
      balance_reads: calls,
      rpc_requests: adapter.rpcRequestCount(),
      reads_per_request: Math.round(calls / Math.max(1, adapter.rpcRequestCount())),
      seconds: ((performance.now() - started) / 1000).toFixed(1),
    });
    await database.close();
  } finally {
    await keystead.stop();
    await devnet.stop();
    fs.rmSync(devnetDir, { recursive: true, force: true });
    await dropSchema(schema);
  }
}
