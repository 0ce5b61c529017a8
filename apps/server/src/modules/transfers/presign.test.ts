// Pre-signed transfers (§5; §7 /fee/pre-signature, /task/pre-signature): three transfers built
// together with consecutive Safe nonces on the Hardhat devnet, signed now, broadcast later with an
// e-mail code — out of order refused until the earlier nonce goes — and one made stale by a Safe
// transaction executed outside Keystead at its nonce, then revoked without a rejection.
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PreSignEstimate } from '@keystead/contract';
import { allowResend, readCode, sendCode } from '../../../test/auth-helpers';
import type { Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createSafe,
  keyAddress,
  signatureFor,
  signerKey,
  signPreparedExecution,
  transferSpace,
  type PreparedExecution,
  type DeployedSafe,
  type TransferSpace,
} from '../../../test/transfer-helpers';
import { followTransfers } from '../../jobs/transfer-watcher';

/** Key 28 of the devnet mnemonic broadcasts here only (funded by the faucet in this file). */
const broadcaster = privateKeyToAccount(signerKey(28));
const KEYS = [25, 26] as const;

let t: TestApp;
let space: TransferSpace;
let safe: DeployedSafe;
const operator = () => space.members[0]!;
const cosigner = () => space.members[1]!;
const items = ['Payroll Dec', 'Payroll Jan', 'Emergency exit'].map((name, i) => ({
  name,
  to: keyAddress(15 + i),
  amount: `${i + 1}`,
  token: '',
}));

beforeAll(async () => {
  t = await createTestApp();
  space = await transferSpace(t, 2, 'Pre-signing desk');
  safe = await createSafe(t, space.admin, {
    signers: [
      { who: space.admin, key: KEYS[0] },
      { who: cosigner(), key: KEYS[1] },
    ],
    threshold: 2,
    operators: [operator()],
    deployFrom: 8,
  });
  const funded = await space.admin.client.post('/api/v1/dev/faucet', {
    address: broadcaster.address,
    eth: '5',
  });
  expect(funded.code).toBe('OK');
  for (const item of items) item.token = safe.usdt;
}, 120_000);
afterAll(() => t?.close());

const body = (transfers: object[]) => ({ wallet_id: safe.walletId, transfers });
const code = async (who: Person) => {
  await allowResend(t, who.email);
  expect((await sendCode(who.client, 'pre_sign_broadcast')).code).toBe('OK');
  return readCode(t, who.email);
};

async function signBoth(taskId: number) {
  for (const [who, key] of [
    [space.admin, KEYS[0]],
    [cosigner(), KEYS[1]],
  ] as const) {
    const signed = await who.client.post('/api/v1/sign', {
      task_id: taskId,
      signature: await signatureFor(who, key, taskId),
    });
    expect(signed.code).toBe('OK');
  }
}

/** The broadcaster prepares the execution with a code, signs it and hands it back with the same code. */
async function broadcast(taskId: number, emailCode: string) {
  const prepared = await space.admin.client.post<PreparedExecution>('/api/v1/broadcast-create', {
    task_id: taskId,
    from: broadcaster.address,
    email_code: emailCode,
  });
  if (prepared.code !== 'OK') return prepared;
  const raw = await signPreparedExecution(broadcaster, prepared.data);
  return space.admin.client.post('/api/v1/broadcast', {
    task_id: taskId,
    raw_tx: raw,
    email_code: emailCode,
  });
}

describe('pre-signed transfers on a Safe', () => {
  let ids: number[] = [];
  let firstNonce: bigint;

  it('are priced with the consecutive nonces they would take; at most 10 wait per wallet; paid plans only (as the advanced search)', async () => {
    const priced = await operator().client.post<PreSignEstimate>('/api/v1/fee/pre-signature', body(items));
    expect(priced.code).toBe('OK');
    const nonces = priced.data.transfers.map((x) => BigInt(x.nonce!));
    firstNonce = nonces[0]!;
    expect(nonces).toEqual([firstNonce, firstNonce + 1n, firstNonce + 2n]);
    expect(priced.data).toMatchObject({ waiting: 0, max: 10 });

    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...items[0]!, name: `T${i}` }));
    const tooMany = await operator().client.post('/api/v1/task/pre-signature', body(eleven));
    expect(tooMany.code).toBe('TASK_PRESIGN_MAX_ERROR');
    expect(tooMany.message).toContain('10');
    expect(
      (await operator().client.post('/api/v1/fee/pre-signature', body([{ ...items[0]!, name: ' ' }]))).code,
    ).toBe('PARAMS_REQUIRED_ERROR');
    const plan = (name: 'free' | 'enterprise') =>
      t.ctx.db.updateTable('organizations').set({ plan: name }).where('id', '=', space.spaceId).execute();
    await plan('free');
    try {
      expect((await operator().client.post('/api/v1/task/pre-signature', body(items))).code).toBe(
        'VIP_PLAN_LIMIT_EXCEEDED_ERROR',
      );
      // So does the advanced search of the transfer list (§6), and its export; the tabs do not.
      const list = (query: Record<string, string>) => operator().client.get('/api/v1/transfer/list', query);
      expect((await list({ keyword: 'T000001' })).code).toBe('VIP_PLAN_LIMIT_EXCEEDED_ERROR');
      expect((await list({ symbol: 'USDT' })).code).toBe('VIP_PLAN_LIMIT_EXCEEDED_ERROR');
      expect(
        (await operator().client.get('/api/v1/transfer/list/export', { start_time: '2026-01-01' })).code,
      ).toBe('VIP_PLAN_LIMIT_EXCEEDED_ERROR');
      expect((await list({ tab: 'pre_signed' })).code).toBe('OK');
    } finally {
      await plan('enterprise');
    }
  });

  it('are created together (type 5, named, nonces in order) and wait in the pre-signed tab', async () => {
    const created = await operator().client.post<{
      list: Array<{ task_id: number; type: number; name: string; nonce: string }>;
    }>('/api/v1/task/pre-signature', body(items));
    expect(created.code).toBe('OK');
    expect(created.data.list.map((x) => [x.type, x.name, BigInt(x.nonce)])).toEqual(
      items.map((item, i) => [5, item.name, firstNonce + BigInt(i)]),
    );
    ids = created.data.list.map((x) => x.task_id);
    // A later ordinary transfer queues behind them.
    const after = await operator().client.post<{ nonce: string; task_id: number }>('/api/v1/task', {
      wallet_id: safe.walletId,
      to: keyAddress(19),
      amount: '1',
      token: safe.usdt,
    });
    expect(BigInt(after.data.nonce)).toBe(firstNonce + 3n);
    expect((await operator().client.post('/api/v1/task/revoke', { task_id: after.data.task_id })).code).toBe(
      'OK',
    );
    const tab = await operator().client.get<{ list: Array<{ task_id: number }>; total: number }>(
      '/api/v1/transfer/list',
      { tab: 'pre_signed' },
    );
    expect(tab.data.list.map((x) => x.task_id).sort()).toEqual([...ids].sort());
    for (const id of ids) await signBoth(id);
  });

  it('are broadcast only with the e-mail code, and in nonce order', async () => {
    expect(
      (
        await space.admin.client.post('/api/v1/broadcast-create', {
          task_id: ids[0],
          from: broadcaster.address,
        })
      ).code,
    ).toBe('PARAMS_REQUIRED_ERROR');
    expect((await broadcast(ids[0]!, '000000')).code).toBe('AUTHENTICATION_CODE_ERROR');
    const early = await broadcast(ids[1]!, await code(space.admin));
    expect(early.code).toBe('BROADCAST_REJECTED_ERROR');
    expect(JSON.parse(early.raw).data).toMatchObject({
      reason: 'queue',
      waiting_for_nonce: firstNonce.toString(),
    });

    const first = await broadcast(ids[0]!, await code(space.admin));
    expect(first.code).toBe('OK');
    // The code is used up by that broadcast.
    expect(
      (
        await t.ctx.db
          .selectFrom('email_codes')
          .select('used_at')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).used_at,
    ).not.toBeNull();
    await followTransfers(t.ctx);
    const second = await broadcast(ids[1]!, await code(space.admin));
    expect(second.code).toBe('OK');
    await followTransfers(t.ctx);
    for (const id of ids.slice(0, 2)) {
      const info = await operator().client.get<{ status: number }>('/api/v1/task/info', { task_id: id });
      expect(info.data.status).toBe(1);
    }
  });

  it('one whose nonce a transaction from outside used says so, and is revoked without a rejection', async () => {
    // The owners sign a Safe transaction at the third one's nonce in another tool and send it.
    const chain = t.ctx.chains.walletChain('31337');
    const tx = chain.buildRejection(safe.address, firstNonce + 2n);
    const hash = chain.safeTxHash(31337, safe.address, tx);
    const signatures = await Promise.all(
      KEYS.map(async (key) => ({
        signer: privateKeyToAccount(signerKey(key)).address,
        kind: 'eip712' as const,
        signature: await privateKeyToAccount(signerKey(key)).sign({ hash }),
      })),
    );
    const call = chain.buildExecTransaction(safe.address, tx, chain.encodeSafeSignatures(signatures));
    const outside = createWalletClient({
      chain: hardhat,
      transport: http(inject('devnet')!.rpcUrl),
      account: broadcaster,
    });
    await outside.sendTransaction({ to: call.to, data: call.data, value: call.value });

    const stale = await broadcast(ids[2]!, await code(space.admin));
    expect(stale.code).toBe('NONCE_TOO_LOW_ERROR');
    const revoked = await operator().client.post<{ status: number; rejection_task_id?: number }>(
      '/api/v1/task/revoke',
      { task_id: ids[2] },
    );
    expect(revoked.code).toBe('OK');
    expect(revoked.data).toEqual({ status: 7 });
    const tab = await operator().client.get<{ total: number }>('/api/v1/transfer/list', {
      tab: 'pre_signed',
    });
    expect(tab.data.total).toBe(0);
  });
});
