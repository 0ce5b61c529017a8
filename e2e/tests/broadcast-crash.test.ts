import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { useServer } from '../lib/browser';
import { startServerProcess, type ServerProcess } from '../lib/server-process';
import {
  DEVNET_KEYS,
  randomAddress,
  setupTransferTeam,
  signByApi,
  taskInfo,
  transferByApi,
  usdtBalance,
  waitFor,
  signPrepared,
  type PreparedExecution as Prepared,
} from '../lib/transfers';
import { useDevnet } from '../lib/wallet-provider';

/** Hardhat test account 5 (publicly known key): the broadcaster, unused by the team setup. */
const BROADCASTER_KEY: Hex = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';

/**
 * Exactly-once broadcast (issue 6 reliability): the server is SIGKILLed right after it relayed
 * the signed execTransaction and before it recorded the send. After a restart on the same data
 * the task converges to completed, the chain shows one execution, and nothing was sent again.
 */
describe('broadcast relay on a real server process: exactly once across a SIGKILL, speed-up', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-crash-'));
  let server: ServerProcess | null = null;
  let context: {
    team: Awaited<ReturnType<typeof setupTransferTeam>>;
    broadcaster: ReturnType<typeof privateKeyToAccount>;
  } | null = null;

  afterAll(async () => {
    await server?.stop();
    useServer(null);
    useDevnet(null);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('one execution, the task completes, no second send', { timeout: 240_000 }, async () => {
    server = await startServerProcess(dataDir, { FAULT_KILL_AFTER_BROADCAST_SEND: 'true' });
    useServer(server.baseURL);
    useDevnet(server.devnetRpcUrl);
    const team = await setupTransferTeam();
    const recipient = randomAddress();
    const taskId = await transferByApi(team, recipient, '7.5', true);
    await signByApi(team.signers[0].session, taskId, DEVNET_KEYS[1]);
    await signByApi(team.signers[1].session, taskId, DEVNET_KEYS[2]);
    expect((await taskInfo(team.admin.session, taskId)).status).toBe(5);

    const broadcaster = privateKeyToAccount(BROADCASTER_KEY);
    const client = createPublicClient({ chain: hardhat, transport: http(server.devnetRpcUrl) });
    const nonceBefore = await client.getTransactionCount({ address: broadcaster.address });
    const prepared = await team.admin.session.call<Prepared>('POST', '/api/v1/broadcast-create', {
      task_id: taskId,
      from: broadcaster.address,
    });
    const raw = await signPrepared(broadcaster, prepared);

    // The process dies inside this request: the reply never comes.
    await expect(
      team.admin.session.call('POST', '/api/v1/broadcast', { task_id: taskId, raw_tx: raw }),
    ).rejects.toThrow();
    expect(await server.exited).toBe('SIGKILL');

    // Same data directory, no fault: the devnet replays its journal, the watcher looks the hash up.
    server = await startServerProcess(dataDir);
    useServer(server.baseURL);
    useDevnet(server.devnetRpcUrl);
    const after = createPublicClient({ chain: hardhat, transport: http(server.devnetRpcUrl) });
    const done = await waitFor(
      'the task to complete',
      () =>
        team.admin.session.call<{
          status: number;
          hash: string;
          broadcasts: Array<{ tx_hash: string; status: number; send_count: number }>;
        }>('GET', `/api/v1/task/info?task_id=${taskId}`),
      (info) => info.status === 1 || info.status === 2,
      60_000,
    );
    expect(done.status).toBe(1);
    expect(done.broadcasts).toHaveLength(1);
    expect(done.broadcasts[0]).toMatchObject({ status: 1, send_count: 1, tx_hash: done.hash });
    // One transaction from the broadcaster, one Safe execution, the amount arrived once.
    expect(await after.getTransactionCount({ address: broadcaster.address })).toBe(nonceBefore + 1);
    expect(await usdtBalance(team.usdt, recipient)).toBe(7_500_000n);
    const receipt = await after.getTransactionReceipt({ hash: done.hash as Hex });
    expect(receipt.status).toBe('success');
    // Give the watcher a few more rounds: still one send.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const later = await taskInfo(team.admin.session, taskId);
    expect(later.status).toBe(1);
    expect(
      (
        await team.admin.session.call<{ broadcasts: Array<{ send_count: number }> }>(
          'GET',
          `/api/v1/task/info?task_id=${taskId}`,
        )
      ).broadcasts[0]!.send_count,
    ).toBe(1);
    context = { team, broadcaster };
  });

  it(
    'speed-up: a pending broadcast is replaced by one with higher fees; the mined attempt wins',
    { timeout: 120_000 },
    async () => {
      const { team, broadcaster } = context!;
      const rpc = createPublicClient({ chain: hardhat, transport: http(server!.devnetRpcUrl) });
      const taskId = await transferByApi(team, randomAddress(), '1.5', true);
      await signByApi(team.signers[0].session, taskId, DEVNET_KEYS[1]);
      await signByApi(team.signers[1].session, taskId, DEVNET_KEYS[2]);
      // This server's devnet is this file's alone: stop mining so the first attempt stays pending.
      await rpc.request({ method: 'evm_setAutomine' as never, params: [false] as never });
      try {
        const first = await team.admin.session.call<Prepared>('POST', '/api/v1/broadcast-create', {
          task_id: taskId,
          from: broadcaster.address,
        });
        const firstSent = await team.admin.session.call<{ tx_hash: string }>('POST', '/api/v1/broadcast', {
          task_id: taskId,
          raw_tx: await signPrepared(broadcaster, first),
        });
        const bump = await team.admin.session.call<Prepared & { speed_up: boolean }>(
          'POST',
          '/api/v1/broadcast-create',
          { task_id: taskId, from: broadcaster.address, fee_tier: 'fast' },
        );
        expect(bump.speed_up).toBe(true);
        expect(bump.nonce).toBe(first.nonce);
        expect(BigInt(bump.max_fee_per_gas)).toBeGreaterThan(BigInt(first.max_fee_per_gas));
        const secondSent = await team.admin.session.call<{ tx_hash: string }>('POST', '/api/v1/broadcast', {
          task_id: taskId,
          raw_tx: await signPrepared(broadcaster, bump),
        });
        expect(secondSent.tx_hash).not.toBe(firstSent.tx_hash);
        await rpc.request({ method: 'evm_mine' as never, params: [] as never });
        const done = await waitFor(
          'the replacement to settle',
          () =>
            team.admin.session.call<{
              status: number;
              hash: string;
              broadcasts: Array<{ tx_hash: string; status: number }>;
            }>('GET', `/api/v1/task/info?task_id=${taskId}`),
          (info) => info.status === 1,
          30_000,
        );
        expect(done.hash).toBe(secondSent.tx_hash);
        expect(done.broadcasts.map((b) => [b.tx_hash, b.status])).toEqual([
          [firstSent.tx_hash, 3],
          [secondSent.tx_hash, 1],
        ]);
      } finally {
        await rpc.request({ method: 'evm_setAutomine' as never, params: [true] as never });
      }
    },
  );
});
