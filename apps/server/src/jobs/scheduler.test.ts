import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SignType, TaskStatus, TaskType, WalletStatus } from '@keystead/contract';
import { startCountingProxy, type CountingProxy } from '../../test/rpc-counting-proxy';
import { createSpace, person } from '../../test/space-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AppContext } from '../context';
import { startWalletJobs } from './wallet-jobs';
import { claimJob, renewJob } from './job-lease';
import { JobName } from './lock-ids';
import { leaseFor, startJobs, type JobRun } from './scheduler';

const INTERVAL_MS = 300;
const devnet = inject('devnet');

let proxy: CountingProxy;
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  if (!devnet) throw new Error('these tests need the shared EVM devnet (TEST_DEVNET is off)');
  proxy = await startCountingProxy(devnet.rpcUrl);
  // Both apps reach the devnet only through the counting proxy.
  const chains = [
    {
      family: 'EVM' as const,
      chainId: devnet.chainId,
      name: 'Devnet',
      rpcUrl: proxy.url,
      isDevnet: true,
      contracts: devnet.contracts,
    },
  ];
  one = await createTestApp({}, { chains });
  // A second server process on the same database (same schema on PostgreSQL, same handle on PGlite).
  two = await createTestApp({}, { chains, sharedSchemaOf: one });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
  await proxy?.close();
});

async function waitFor(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  let met = await check();
  while (!met && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    met = await check();
  }
  expect(met).toBe(true);
}

function randomAddress(): string {
  return `0x${randomBytes(20).toString('hex')}`;
}

/** A context whose warnings are kept. */
function withWarnings(ctx: AppContext): { ctx: AppContext; warnings: string[] } {
  const warnings: string[] = [];
  const log = Object.assign(Object.create(ctx.log) as FastifyBaseLogger, {
    warn: (_object: unknown, message?: string) => warnings.push(message ?? ''),
  });
  return { ctx: { ...ctx, log }, warnings };
}

describe('claimJob', () => {
  it('gives a lease to one holder at a time until it expires, and only its holder renews it', async () => {
    const name = `test.lease-${randomBytes(3).toString('hex')}`;
    expect(await claimJob(one.ctx.db, name, 'holder-a', 400)).toBe(true);
    expect(await claimJob(two.ctx.db, name, 'holder-b', 400)).toBe(false);
    // Held even against its own holder: a second claim inside the lease would be a second run.
    expect(await claimJob(one.ctx.db, name, 'holder-a', 400)).toBe(false);
    expect(await renewJob(one.ctx.db, name, 'holder-a', 400)).toBe(true);
    expect(await renewJob(two.ctx.db, name, 'holder-b', 400)).toBe(false);

    // A holder that stops renewing (crashed) loses the job once the lease has passed.
    await waitFor(() => claimJob(two.ctx.db, name, 'holder-b', 60_000), 5000);
    const row = await one.ctx.db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(row.holder).toBe('holder-b');
    expect(await renewJob(one.ctx.db, name, 'holder-a', 400)).toBe(false);
    expect(await claimJob(one.ctx.db, name, 'holder-a', 400)).toBe(false);
  });

  it('lets exactly one of many simultaneous claimants win, from two processes', async () => {
    const name = `test.race-${randomBytes(3).toString('hex')}`;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimJob((i % 2 ? two : one).ctx.db, name, `holder-${i}`, 60_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('startJobs', () => {
  it('logs a failing job and runs it again on the next interval', async () => {
    const { ctx, warnings } = withWarnings(one.ctx);
    const runs: JobRun[] = [];
    const stop = startJobs(
      ctx,
      [
        {
          name: `test.failing-${randomBytes(3).toString('hex')}` as JobName,
          everyMs: 50,
          run: () => Promise.reject(new Error('node down')),
        },
      ],
      { onRun: (run) => runs.push(run) },
    );
    try {
      await waitFor(() => runs.length >= 3);
    } finally {
      await stop();
    }
    expect(runs.every((run) => (run.error as Error).message === 'node down')).toBe(true);
    expect(warnings.filter((message) => message === 'background job failed').length).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('never overlaps a run that outlasts its lease, in one process or across two', async () => {
    const name = `test.slow-${randomBytes(3).toString('hex')}` as JobName;
    let active = 0;
    let maxActive = 0;
    const runs: JobRun[] = [];
    const job = {
      name,
      // Lease 450 ms, renewed every 225 ms while the 1.5 s run goes on: wide enough that a busy
      // machine's event-loop lag (CI runs two suites' worth of work on two cores) does not let
      // the lease lapse between renewals, which a 90 ms lease did.
      everyMs: 500,
      run: async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        active -= 1;
      },
    };
    const stops = [one, two].map((t) => startJobs(t.ctx, [job], { onRun: (run) => runs.push(run) }));
    try {
      await waitFor(() => runs.length >= 3);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
    expect(maxActive).toBe(1);
  });

  it('moves a job to another process when its holder stops', async () => {
    const runs: JobRun[] = [];
    const job = {
      name: `test.failover-${randomBytes(3).toString('hex')}` as JobName,
      everyMs: 100,
      run: () => Promise.resolve(),
    };
    const schedulers = new Map(
      ['instance-1', 'instance-2'].map((holder, i) => [
        holder,
        startJobs([one, two][i]!.ctx, [job], { holder, onRun: (run) => runs.push(run) }),
      ]),
    );
    try {
      await waitFor(() => runs.length >= 2);
      const first = runs.at(-1)!.holder;
      const other = first === 'instance-1' ? 'instance-2' : 'instance-1';
      await schedulers.get(first)!();
      const afterStop = runs.length;
      await waitFor(() => runs.slice(afterStop).filter((run) => run.holder === other).length >= 2);
      expect(runs.slice(afterStop).every((run) => run.holder === other)).toBe(true);
    } finally {
      await Promise.all([...schedulers.values()].map((stop) => stop()));
    }
  });
});

interface Measurement {
  elapsedMs: number;
  calls: number;
  callsPerInterval: number;
  runs: JobRun[];
}

/** Runs the wallet jobs in each of `apps` at INTERVAL_MS until the deposit scan ran `depositRuns` times. */
async function measure(apps: TestApp[], depositRuns: number): Promise<Measurement> {
  await one.ctx.db.deleteFrom('job_leases').execute();
  const runs: JobRun[] = [];
  proxy.reset();
  const started = Date.now();
  const stops = apps.map((t, i) =>
    startWalletJobs(t.ctx, {
      deployMs: INTERVAL_MS,
      balanceMs: INTERVAL_MS,
      pricesMs: INTERVAL_MS,
      snapshotMs: INTERVAL_MS,
      exchangeMs: INTERVAL_MS,
      holder: `instance-${i + 1}`,
      onRun: (run) => runs.push(run),
    }),
  );
  try {
    await waitFor(
      () => runs.filter((run) => run.name === JobName.RecordDeposits).length >= depositRuns,
      30_000,
    );
  } finally {
    await Promise.all(stops.map((stop) => stop()));
  }
  const elapsedMs = Date.now() - started;
  const calls = proxy.calls();
  return { elapsedMs, calls, callsPerInterval: calls / (elapsedMs / INTERVAL_MS), runs };
}

describe('wallet jobs in two server processes on one database', () => {
  it('poll the chain once per interval, not once per process', async () => {
    const owner = await person(one, { mfa: true, prefix: 'jobs' });
    const spaceId = await createSpace(owner, 'Jobs');
    // A wallet whose balances are read, and a Safe whose deployment is awaited (never on chain,
    // so every run of the deployment watcher asks the chain again).
    const [, pending] = await one.ctx.db
      .insertInto('wallets')
      .values([
        {
          organization_id: spaceId,
          chain_key: String(devnet!.chainId),
          sign_type: SignType.Single,
          name: 'Hot',
          address: randomAddress(),
          status: WalletStatus.Normal,
          created_by: owner.userId,
        },
        {
          organization_id: spaceId,
          chain_key: String(devnet!.chainId),
          sign_type: SignType.Multi,
          name: 'Pending Safe',
          address: randomAddress(),
          status: WalletStatus.Initializing,
          created_by: owner.userId,
        },
      ])
      .returning('id')
      .execute();
    await one.ctx.db
      .insertInto('tasks')
      .values({
        organization_id: spaceId,
        wallet_id: pending!.id,
        type: TaskType.WalletCreation,
        status: TaskStatus.PendingApproval,
        created_by: owner.userId,
        data: JSON.stringify({ owners: [randomAddress()], threshold: 1 }),
      })
      .execute();

    // Warm-up: the deposit scan's first run reads the chain's recent history; afterwards each
    // run reads only new blocks.
    await measure([one], 1);

    const single = await measure([one], 3);
    const pair = await measure([one, two], 3);

    // Every job but the regtest miner, which only runs where a local regtest node is configured.
    const jobs = Object.values(JobName).filter((name) => name !== JobName.MineRegtest);
    for (const result of [single, pair]) {
      const names = new Set(result.runs.map((run) => run.name));
      expect([...names].sort()).toEqual(jobs.sort());
      expect(result.runs.filter((run) => run.error)).toEqual([]);
      expect(result.calls).toBeGreaterThan(0);
    }
    // Each job runs at most once per lease across both processes …
    for (const name of jobs) {
      const slower: string[] = [JobName.RecordDeposits, JobName.SigningTimeout];
      const everyMs = slower.includes(name) ? INTERVAL_MS * 3 : INTERVAL_MS;
      const runs = pair.runs.filter((run) => run.name === name).length;
      expect(runs).toBeLessThanOrEqual(Math.floor(pair.elapsedMs / leaseFor(everyMs)) + 1);
    }
    // … so two processes ask the chain about as often as one (without claims it would be 2×).
    expect(pair.callsPerInterval).toBeLessThan(single.callsPerInterval * 1.5);
  });
});
