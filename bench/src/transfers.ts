import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createWalletClient, http, recoverAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { CSRF_COOKIE, HEADERS, SESSION_COOKIE } from '@keystead/contract';
import { fundFromFaucet, hardhatAccounts, startEvmDevnet } from '@keystead/devnet';
import { csrfForSession, seedOwnerSpace, seedSession } from './seed';
import { ChainRegistry } from '../../apps/server/src/modules/chains/chain-registry';
import { dropSchema } from './http-baseline';
import { startCountingProxy } from '../../apps/server/test/rpc-counting-proxy';
import { startPgCountingProxy } from './pg-counting-proxy';
import { BENCH_DATABASE_URL, cpuMs, load, printRow, startChild, tempDir } from './harness';

const OPERATORS = 20;
const LIFECYCLE_SECONDS = 20;
/** Issue 21: at most 20 ms of server CPU per lifecycle (≥ 100 lifecycles/s per core). */
const GOAL_SERVER_CPU_MS = 20;
const GOAL_STATEMENTS = 40;
const GOAL_RPC_CALLS = 3;
const LIST_TASKS = 1_000_000;
const GOAL_LIFECYCLES_PER_S = 100;
const GOAL_LIST_P99_MS = 30;

interface Actor {
  userId: number;
  headers: Record<string, string>;
}

/** Users of one space written with SQL: sessions, memberships, verified signer addresses. */
export async function seedActors(
  client: pg.Client,
  organizationId: number,
  names: string[],
): Promise<Map<string, Actor & { token: string }>> {
  const actors = new Map<string, Actor & { token: string }>();
  for (const name of names) {
    const email = `${name}@bench.io`;
    const user = await client.query(
      `insert into users (email, password_hash, nickname) values ($1, 'x', $2) returning id`,
      [email, name],
    );
    const userId = Number(user.rows[0].id);
    await client.query(
      `insert into organization_members (organization_id, user_id, email, role, status, joined_at) values ($1, $2, $3, 0, 'joined', now())`,
      [organizationId, userId, email],
    );
    actors.set(name, { userId, token: await seedSession(client, userId), headers: {} });
  }
  return actors;
}

export function headersFor(token: string, csrf: string, organizationId: number): Record<string, string> {
  return {
    cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`,
    [HEADERS.csrf]: csrf,
    [HEADERS.organizationId]: String(organizationId),
    'content-type': 'application/json',
  };
}

export async function call<T>(
  base: string,
  actor: Actor,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ code: string; data: T }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: actor.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { code: string; data: T };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const ms = (value: number) => value.toFixed(1);

/**
 * Transfers on PostgreSQL: lifecycles per second through create → 2 approvals → 2 verified
 * signatures (broadcast excluded) with 20 operators at once, each on its own 2-of-3 Safe on a
 * devnet; then GET /transfer/list over 1 000 000 tasks of one space seeded with SQL.
 */
export async function benchTransfers(): Promise<void> {
  await benchLifecycles();
  await benchTransferList();
}

/**
 * A server child on PostgreSQL (its own schema) beside a fresh EVM devnet, with a SQL client on
 * that schema; `stop` ends all three and drops the schema.
 */
export async function startDevnetServer(label: string, options: { counting?: boolean } = {}) {
  const schema = `bench_${label}_${Date.now()}`;
  const devnetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-bench-devnet-'));
  const devnet = await startEvmDevnet({ dataDir: devnetDir, port: 0 });
  // Counting puts a proxy before PostgreSQL and one before the chain (statements, RPC calls).
  const sql = options.counting ? await startPgCountingProxy(BENCH_DATABASE_URL) : null;
  const rpc = options.counting ? await startCountingProxy(devnet.rpcUrl) : null;
  const env = {
    DATABASE_URL: sql?.url ?? BENCH_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    DEVNET: 'false',
    EVM_RPC_URL_31337: rpc?.url ?? devnet.rpcUrl,
    BALANCE_REFRESH_SECONDS: '86400',
    LOG_LEVEL: 'warn',
    DATA_DIR: tempDir(label),
  };
  const keystead = await startChild('apps/server/src/main.ts', env, '/api/v1/language');
  const client = new pg.Client({
    connectionString: BENCH_DATABASE_URL,
    options: `-c search_path="${schema}"`,
  });
  const stop = async () => {
    await client.end().catch(() => undefined);
    await keystead.stop();
    await sql?.close();
    await rpc?.close();
    await devnet.stop();
    fs.rmSync(devnetDir, { recursive: true, force: true });
    await dropSchema(schema);
  };
  return { devnet, keystead, client, stop, counters: { sql, rpc } };
}

export async function benchLifecycles(): Promise<void> {
  console.log(
    `\n# Transfer lifecycle (PostgreSQL, ${OPERATORS} concurrent operators × own 2-of-3 Safe, ${LIFECYCLE_SECONDS} s; create → 2 approvals → 2 signatures)`,
  );
  const { devnet, keystead, client, stop, counters } = await startDevnetServer('transfers', {
    counting: true,
  });
  try {
    await client.connect();
    const { ownerId, organizationId } = await seedOwnerSpace(client, 'Bench transfers');
    const ownerToken = await seedSession(client, ownerId);
    const owner: Actor = {
      userId: ownerId,
      headers: headersFor(ownerToken, await csrfForSession(keystead.url, ownerToken), organizationId),
    };
    const names = [
      ...Array.from({ length: OPERATORS }, (_, i) => `operator${i}`),
      'approver1',
      'approver2',
      'signer1',
      'signer2',
      'signer3',
    ];
    const actors = await seedActors(client, organizationId, names);
    for (const actor of actors.values())
      actor.headers = headersFor(
        actor.token,
        await csrfForSession(keystead.url, actor.token),
        organizationId,
      );
    const keys = hardhatAccounts(10).map((a) => a.privateKey as Hex);
    const signerKeys = { signer1: keys[1]!, signer2: keys[2]!, signer3: keys[3]! };
    const signerIds: number[] = [];
    for (const [name, key] of Object.entries(signerKeys)) {
      const row = await client.query(
        `insert into signer_addresses (user_id, family, name, address, status, verified_at) values ($1, 'EVM', $2, $3, 1, now()) returning id`,
        [actors.get(name)!.userId, name, privateKeyToAccount(key).address],
      );
      signerIds.push(Number(row.rows[0].id));
    }

    // 20 Safes through the wizard's API, deployed from devnet accounts, funded with ETH.
    const deployer = createWalletClient({
      chain: hardhat,
      transport: http(devnet.rpcUrl),
      account: privateKeyToAccount(keys[5]!),
    });
    const wallets: Array<{ id: number; address: string }> = [];
    for (let i = 0; i < OPERATORS; i++) {
      const created = await call<{ wallet_id: number; address: string; deployment: { to: Hex; data: Hex } }>(
        keystead.url,
        owner,
        'POST',
        '/api/v1/wallets/multi',
        {
          name: `Safe ${i}`,
          chain_key: '31337',
          signers: signerIds,
          threshold: 2,
          approvers: [actors.get('approver1')!.userId, actors.get('approver2')!.userId],
          approval_threshold: 2,
          operators: [actors.get(`operator${i}`)!.userId],
          broadcast_scope: 3,
        },
      );
      if (created.code !== 'OK') throw new Error(`wallet creation: ${created.code}`);
      const hash = await deployer.sendTransaction({
        to: created.data.deployment.to,
        data: created.data.deployment.data,
      });
      const reported = await call(
        keystead.url,
        actors.get('signer1')!,
        'POST',
        '/api/v1/wallet-deploy-broadcast-create',
        { wallet_id: created.data.wallet_id, tx_hash: hash },
      );
      if (reported.code !== 'OK') throw new Error(`deployment report: ${reported.code}`);
      await fundFromFaucet(devnet, created.data.address as Hex, { eth: '100' });
      wallets.push({ id: created.data.wallet_id, address: created.data.address });
    }
    for (let waited = 0; ; waited += 250) {
      const pending = await client.query(`select count(*)::int as n from wallets where status <> 1`);
      if (pending.rows[0].n === 0) break;
      if (waited > 60_000) throw new Error('deployments not confirmed within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const recipient = privateKeyToAccount(keys[9]!).address;
    const steps: Record<'create' | 'approve' | 'sign', number[]> = { create: [], approve: [], sign: [] };
    const lifecycles: number[] = [];
    const failures = new Map<string, number>();
    const fail = (code: string) => failures.set(code, (failures.get(code) ?? 0) + 1);
    const signers = (['signer1', 'signer2'] as const).map((name) => ({
      actor: actors.get(name)!,
      account: privateKeyToAccount(signerKeys[name]),
    }));
    const approvers = [actors.get('approver1')!, actors.get('approver2')!];
    const timed = async <T>(list: number[], work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await work();
      list.push(performance.now() - started);
      return result;
    };
    const samples: Array<{ hash: Hex; signature: Hex }> = [];
    /** One lifecycle of this wallet's operator; `after` is told each step that succeeded. */
    const runLifecycle = async (
      wallet: { id: number; address: string },
      operator: Actor,
      after?: (step: 'create' | 'approve' | 'sign') => void,
    ): Promise<boolean> => {
      const created = await timed(steps.create, () =>
        call<{ task_id: number; safe_tx_hash: Hex }>(keystead.url, operator, 'POST', '/api/v1/task', {
          wallet_id: wallet.id,
          to: recipient,
          amount: '0.000001',
        }),
      );
      if (created.code !== 'OK') {
        fail(`create ${created.code}`);
        return false;
      }
      after?.('create');
      let ok = true;
      for (const approver of approvers) {
        const approved = await timed(steps.approve, () =>
          call(keystead.url, approver, 'POST', '/api/v1/task/approve', {
            task_id: created.data.task_id,
            result: 1,
          }),
        );
        if (approved.code !== 'OK') {
          fail(`approve ${approved.code}`);
          ok = false;
          break;
        }
        after?.('approve');
      }
      for (const { actor, account } of ok ? signers : []) {
        // The signer's wallet signs in the browser; the server's part is what is timed.
        const signature = await account.sign({ hash: created.data.safe_tx_hash });
        if (samples.length < 200) samples.push({ hash: created.data.safe_tx_hash, signature });
        const signed = await timed(steps.sign, () =>
          call(keystead.url, actor, 'POST', '/api/v1/sign', {
            task_id: created.data.task_id,
            signature,
            kind: 'eip712',
          }),
        );
        if (signed.code !== 'OK') {
          fail(`sign ${signed.code}`);
          ok = false;
          break;
        }
        after?.('sign');
      }
      return ok;
    };

    // One lifecycle alone first: what each step sends to PostgreSQL and to the chain.
    const perStep: Record<string, string[]> = { create: [], approve: [], sign: [] };
    counters.sql?.reset();
    counters.rpc?.reset();
    await runLifecycle(wallets[0]!, actors.get('operator0')!, (step) => {
      perStep[step]!.push(`${counters.sql?.statements() ?? 0}/${counters.rpc?.calls() ?? 0}`);
      // BENCH_SQL_TRACE=1 prints each step's statements (where to look for fewer).
      if (process.env.BENCH_SQL_TRACE)
        console.log(`  [${step}]\n    ${counters.sql?.texts().join('\n    ')}`);
      counters.sql?.reset();
      counters.rpc?.reset();
    });
    printRow('  one lifecycle alone: statements/RPC by step', {
      create: perStep.create!.join(' '),
      approve: perStep.approve!.join(' '),
      sign: perStep.sign!.join(' '),
    });

    const deadline = performance.now() + LIFECYCLE_SECONDS * 1000;
    const serverCpuBefore = cpuMs(keystead.process.pid!);
    counters.sql?.reset();
    counters.rpc?.reset();
    const driverCpuBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      wallets.map(async (wallet, i) => {
        const operator = actors.get(`operator${i}`)!;
        while (performance.now() < deadline) {
          const begin = performance.now();
          if (await runLifecycle(wallet, operator)) lifecycles.push(performance.now() - begin);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rate = lifecycles.length / seconds;
    // CPU per lifecycle decides capacity and does not depend on where the driver runs.
    const serverCpu = cpuMs(keystead.process.pid!) - serverCpuBefore;
    const statements = counters.sql?.statements() ?? 0;
    const rpcCalls = counters.rpc?.calls() ?? 0;
    const driverCpu = process.cpuUsage(driverCpuBefore);
    const perLifecycle = (msUsed: number) => (msUsed / Math.max(lifecycles.length, 1)).toFixed(1);

    // Bare signature recovery of the same hashes and signatures, in this process.
    const rounds = 2000;
    const recoverStarted = performance.now();
    for (let i = 0; i < rounds; i++) {
      const sample = samples[i % samples.length]!;
      await recoverAddress({ hash: sample.hash, signature: sample.signature });
    }
    const recoverMs = (performance.now() - recoverStarted) / rounds;

    // What the signature step asks of the chain: one readSafe (Multicall3 + 3 storage reads).
    const adapter = new ChainRegistry([
      {
        family: 'EVM',
        chainId: 31337,
        name: 'Devnet',
        rpcUrl: devnet.rpcUrl,
        isDevnet: true,
        contracts: { ...devnet.contracts },
      },
    ]).walletChain('31337');
    const readSafeTimes: number[] = [];
    for (let i = 0; i < 200; i++)
      await timed(readSafeTimes, () => adapter.readSafe(wallets[i % wallets.length]!.address));

    printRow('lifecycles (create → 2 approvals → 2 signatures)', {
      done: lifecycles.length,
      per_s: rate.toFixed(1),
      lifecycle_p50_ms: ms(percentile(lifecycles, 50)),
      lifecycle_p99_ms: ms(percentile(lifecycles, 99)),
      failures: [...failures].map(([k, v]) => `${k}:${v}`).join(',') || 0,
      goal: `≥${GOAL_LIFECYCLES_PER_S}/s ${rate >= GOAL_LIFECYCLES_PER_S ? 'met' : 'NOT met'}`,
    });
    printRow('  SQL statements and chain RPC per lifecycle', {
      statements: perLifecycle(statements),
      rpc_calls: perLifecycle(rpcCalls),
      goal: `≤${GOAL_STATEMENTS} / ≤${GOAL_RPC_CALLS} ${statements / Math.max(lifecycles.length, 1) <= GOAL_STATEMENTS && rpcCalls / Math.max(lifecycles.length, 1) <= GOAL_RPC_CALLS ? 'met' : 'NOT met'}`,
    });
    printRow('  CPU per lifecycle', {
      server_ms: perLifecycle(serverCpu),
      server_busy: `${((serverCpu / (seconds * 1000)) * 100).toFixed(0)}%`,
      driver_and_proxies_ms: perLifecycle((driverCpu.user + driverCpu.system) / 1000),
      goal: `server≤${GOAL_SERVER_CPU_MS}ms ${serverCpu / Math.max(lifecycles.length, 1) <= GOAL_SERVER_CPU_MS ? 'met' : 'NOT met'}`,
    });
    for (const [name, list] of Object.entries(steps))
      printRow(`  step ${name}`, {
        n: list.length,
        p50_ms: ms(percentile(list, 50)),
        p99_ms: ms(percentile(list, 99)),
      });
    printRow('  bare recoverAddress (viem, same signatures)', {
      mean_ms: recoverMs.toFixed(3),
      sign_step_p50_ratio: (percentile(steps.sign, 50) / recoverMs).toFixed(0),
    });
    printRow('  readSafe on the devnet (alone, sequential)', {
      p50_ms: ms(percentile(readSafeTimes, 50)),
      p99_ms: ms(percentile(readSafeTimes, 99)),
    });
  } finally {
    await stop();
  }
}

/** 1 000 000 tasks of one space across 50 wallets, in realistic statuses, seeded with SQL. */
export async function seedTasks(
  client: pg.Client,
): Promise<{ organizationId: number; ownerToken: string; memberToken: string }> {
  const { ownerId, organizationId } = await seedOwnerSpace(client, 'Bench transfer list');
  const member = await client.query(
    `insert into users (email, password_hash, nickname) values ('member@bench.io', 'x', 'member') returning id`,
  );
  const memberId = Number(member.rows[0].id);
  await client.query(
    `insert into organization_members (organization_id, user_id, email, role, status, joined_at) values ($1, $2, 'member@bench.io', 0, 'joined', now())`,
    [organizationId, memberId],
  );
  await client.query(
    `insert into wallets (organization_id, chain_key, sign_type, name, address, status, threshold, approval_threshold, created_by)
     select $1, '31337', 1, 'Wallet ' || g, '0x' || lpad(to_hex(g), 40, '0'), 1, 2, 2, $2 from generate_series(1, 50) g`,
    [organizationId, ownerId],
  );
  // The member approves on 5 wallets and signs on 5 others; the owner approves and signs on all.
  await client.query(
    `insert into wallet_members (wallet_id, user_id, role) select id, $1, 'approver' from wallets`,
    [ownerId],
  );
  await client.query(
    `insert into wallet_members (wallet_id, user_id, role) select id, $1, 'approver' from wallets order by id limit 5`,
    [memberId],
  );
  const signer = await client.query(
    `insert into signer_addresses (user_id, family, name, address, status, verified_at) values ($1, 'EVM', 'owner key', '0x00000000000000000000000000000000000000a1', 1, now()), ($2, 'EVM', 'member key', '0x00000000000000000000000000000000000000a2', 1, now()) returning id`,
    [ownerId, memberId],
  );
  const [ownerSigner, memberSigner] = signer.rows.map((row) => Number(row.id));
  await client.query(
    `insert into wallet_signers (wallet_id, user_id, signer_address_id, address) select id, $1, $2, '0x00000000000000000000000000000000000000a1' from wallets`,
    [ownerId, ownerSigner],
  );
  await client.query(
    `insert into wallet_signers (wallet_id, user_id, signer_address_id, address) select id, $1, $2, '0x00000000000000000000000000000000000000a2' from wallets order by id desc limit 5`,
    [memberId, memberSigner],
  );
  // Mostly finished history (completed, revoked, rejected, failed), a few hundred still open.
  await client.query(
    `insert into tasks (organization_id, wallet_id, type, status, created_by, data, chain_key, sequence, payload, payload_hash, token_key, symbol, decimals, amount, to_address, remark, approval_threshold, signing_threshold, exec_tx_hash, created_at, updated_at)
     select $1, w, 1,
            case when g > $3::int - 300 then (array[0, 3, 5])[1 + g % 3] else (array[1, 1, 1, 1, 1, 1, 7, 9, 2, 1])[1 + g % 10] end,
            $2, '{"tags":[]}'::jsonb, '31337', g / 50,
            jsonb_build_object('to', '0x' || lpad(to_hex(g), 40, '0'), 'value', '0', 'data', '0x', 'operation', 0, 'safeTxGas', '0', 'baseGas', '0', 'gasPrice', '0', 'gasToken', '0x0000000000000000000000000000000000000000', 'refundReceiver', '0x0000000000000000000000000000000000000000', 'nonce', (g / 50)::text)::text,
            '0x' || md5(g::text) || md5((g + 1)::text), case when g % 3 = 0 then 'native' else '0xusdt' end, case when g % 3 = 0 then 'ETH' else 'USDT' end,
            case when g % 3 = 0 then 18 else 6 end, (g % 1000 + 1) * 1000000, '0x' || lpad(to_hex(g * 7), 40, '0'), case when g % 5 = 0 then 'Invoice ' || g end, 2, 2,
            case when g <= $3::int - 300 then '0x' || md5(g::text) || md5(g::text) end,
            now() - (($3::int - g) || ' seconds')::interval, now()
       from generate_series(1, $3::int) g, lateral (select (select min(id) from wallets) + g % 50 as w) x`,
    [organizationId, ownerId, LIST_TASKS],
  );
  await client.query('analyze');
  return {
    organizationId,
    ownerToken: await seedSession(client, ownerId),
    memberToken: await seedSession(client, memberId),
  };
}

export async function benchTransferList(): Promise<void> {
  console.log(
    `\n# Transfer list (PostgreSQL, ${LIST_TASKS.toLocaleString('en-US')} tasks in one space, page 1 size 10; 50 connections, and 1 for the bare latency)`,
  );
  const schema = `bench_transfer_list_${Date.now()}`;
  const env = {
    DATABASE_URL: BENCH_DATABASE_URL,
    DATABASE_SCHEMA: schema,
    DEVNET: 'false',
    BALANCE_REFRESH_SECONDS: '86400',
    LOG_LEVEL: 'warn',
    DATA_DIR: tempDir('transfer-list'),
  };
  const keystead = await startChild('apps/server/src/main.ts', env, '/api/v1/language');
  const client = new pg.Client({
    connectionString: BENCH_DATABASE_URL,
    options: `-c search_path="${schema}"`,
  });
  try {
    await client.connect();
    const seedStarted = performance.now();
    const { organizationId, ownerToken, memberToken } = await seedTasks(client);
    printRow('seed (SQL, generate_series)', {
      tasks: LIST_TASKS,
      seconds: ((performance.now() - seedStarted) / 1000).toFixed(1),
    });
    for (const [who, token] of [
      ['admin', ownerToken],
      ['member', memberToken],
    ] as const) {
      const headers = headersFor(token, await csrfForSession(keystead.url, token), organizationId);
      for (const tab of ['all', 'todo']) {
        const url = `${keystead.url}/api/v1/transfer/list?tab=${tab}&page=1&page_size=10`;
        const probe = (await (await fetch(url, { headers })).json()) as {
          code: string;
          data?: { total: number };
        };
        const single = await load({ url, headers, duration: 4, connections: 1 });
        const loaded = await load({ url, headers, duration: 8 });
        printRow(`GET /transfer/list tab=${tab} (${who})`, {
          total: probe.data?.total ?? probe.code,
          rps: loaded.requestsPerSecond,
          p50_ms: loaded.p50,
          p99_ms: loaded.p99,
          p99_1conn_ms: single.p99,
          non2xx: loaded.non2xx + loaded.errors,
          // No answer at all is not a p99 of 0.
          goal: `p99≤${GOAL_LIST_P99_MS}ms ${loaded.requests > 0 && loaded.p99 <= GOAL_LIST_P99_MS ? 'met' : 'NOT met'}`,
        });
      }
    }
  } finally {
    await client.end().catch(() => undefined);
    await keystead.stop();
    await dropSchema(schema);
  }
}
