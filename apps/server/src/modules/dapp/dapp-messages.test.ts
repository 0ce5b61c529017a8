// A Dapp's message signed by a Safe (§1 Dapp connector; EIP-1271): POST /task/dapp-message, the
// refusals, approval and signing through the one lifecycle, done at the threshold with nothing
// broadcast; the signature GET /task/dapp hands the Dapp is judged by the Safe on the devnet
// (isValidSignature(bytes32, bytes) through its CompatibilityFallbackHandler), not by our code.
import {
  createPublicClient,
  hashMessage,
  hashTypedData,
  http,
  parseAbi,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DappTaskInfo } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import {
  createSafe,
  signerKey,
  transferSpace,
  type DeployedSafe,
  type TransferSpace,
} from '../../../test/transfer-helpers';

let t: TestApp;
let space: TransferSpace;
let safe: DeployedSafe;
let node: ReturnType<typeof createPublicClient>;
const outsiders: Person[] = [];
const operator = () => space.members[0]!;
const signer = () => space.members[1]!;
const approver = () => space.members[2]!;
const viewer = () => space.members[3]!;
const app = { name: 'Devnet Login', url: 'https://login.example' };
const eip1271 = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']);

const typed = {
  domain: { name: 'Devnet Orders', version: '1', chainId: 31337 },
  types: {
    Order: [
      { name: 'maker', type: 'address' },
      { name: 'amount', type: 'uint256' },
      { name: 'note', type: 'string' },
    ],
  },
  primaryType: 'Order',
  message: { maker: '0x000000000000000000000000000000000000bEEF', amount: '1500000', note: 'gm' },
} as const;

const create = (message: object, who: Person = operator()) =>
  who.client.post<{ task_id: number; type: number; status: number; dapp: unknown; safe_tx_hash: string }>(
    '/api/v1/task/dapp-message',
    { wallet_id: safe.walletId, dapp: app, message },
  );
const dappInfo = (taskId: number, who: Person = operator()) =>
  who.client.get<DappTaskInfo>('/api/v1/task/dapp', { task_id: taskId });

/** Signs the typed data the task shows this signer (the SafeMessage), as eth_signTypedData_v4 would. */
async function sign(who: Person, key: number, taskId: number) {
  const info = await who.client.get<{ typed_data: Record<string, unknown> }>('/api/v1/task/info', {
    task_id: taskId,
  });
  const signature = await privateKeyToAccount(signerKey(key)).signTypedData(info.data.typed_data as never);
  return who.client.post<{ status: number }>('/api/v1/sign', { task_id: taskId, signature, kind: 'eip712' });
}
const safeAnswers = (hash: Hex, signature: Hex) =>
  node
    .readContract({
      address: safe.address as Address,
      abi: eip1271,
      functionName: 'isValidSignature',
      args: [hash, signature],
    })
    .catch(() => 'reverted');

beforeAll(async () => {
  t = await createTestApp();
  node = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
  space = await transferSpace(t, 4, 'Message desk');
  safe = await createSafe(t, space.admin, {
    signers: [
      { who: space.admin, key: 27 },
      { who: signer(), key: 28 },
    ],
    threshold: 2,
    approvers: [approver()],
    approvalThreshold: 1,
    operators: [operator()],
    viewers: [viewer()],
    deployFrom: 16,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a Dapp message for a Safe', () => {
  it('is refused with Dapps off, for a viewer, with a malformed message, and in other spaces', async () => {
    const text = { kind: 'personal', text: 'hello' };
    expect((await create(text)).code).toBe('DAPP_SPACE_UNSUPPORTED_ERROR');
    expect((await space.admin.client.put('/api/v1/organization/settings', { enable_dapp: true })).code).toBe(
      'OK',
    );
    expect((await create(text)).code).toBe('DAPP_WALLET_UNSUPPORTED_ERROR');
    const on = await space.admin.client.post('/api/v1/wallets/dapp', {
      wallet_id: safe.walletId,
      open: true,
    });
    expect(on.code).toBe('OK');
    expect((await create(text, viewer())).code).toBe('PERMISSION_WALLET_OPERATE_ERROR');
    expect((await create({ kind: 'typed', typed_data: { domain: {}, types: {} } })).code).toBe(
      'PARAMS_REQUIRED_ERROR',
    );
    for (const bad of [
      { kind: 'personal' },
      { kind: 'personal', text: 'a', raw: '0x61' },
      { kind: 'personal', raw: '0x6' },
      { kind: 'personal', text: 'x'.repeat(20_001) },
      { kind: 'typed', typed_data: { ...typed, primaryType: 'Missing' } },
      { kind: 'sign_anything', text: 'x' },
    ])
      expect((await create(bad)).code, JSON.stringify(bad)).toBe('PARAMS_INVALID_ERROR');
    const outsider = await person(t, { mfa: true, prefix: 'far' });
    await createSpace(outsider, 'Far away');
    expect((await outsider.client.put('/api/v1/organization/settings', { enable_dapp: true })).code).toBe(
      'OK',
    );
    expect((await create(text, outsider)).code).toBe('WALLET_NOT_FOUND_ERROR');
    outsiders.push(outsider);
    const tasks = await t.ctx.db
      .selectFrom('tasks')
      .select('id')
      .where('wallet_id', '=', safe.walletId)
      .where('type', '=', 6)
      .execute();
    expect(tasks).toEqual([]);
  });

  it('goes through approval and both signatures; done at the threshold, its signature valid on the Safe', async () => {
    const text = 'Sign in to Devnet Login\nNonce: 7f3a';
    const created = await create({ kind: 'personal', text });
    expect(created.code, created.raw).toBe('OK');
    const taskId = created.data.task_id;
    expect(created.data).toMatchObject({
      type: 6,
      status: 0,
      dapp: { action: 'message', name: app.name, url: app.url, kind: 'personal' },
    });
    const info = await signer().client.get<{
      safe_message: Record<string, unknown>;
      safe_tx: unknown;
      nonce: string | null;
    }>('/api/v1/task/info', { task_id: taskId });
    expect(info.data.safe_tx).toBeNull();
    expect(info.data.nonce).toBeNull();
    expect(info.data.safe_message).toMatchObject({ kind: 'personal', text, message_hash: hashMessage(text) });
    // Signing waits for the approval like any transfer (the hash shown is what the typed data signs).
    const early = await privateKeyToAccount(signerKey(28)).sign({
      hash: info.data.safe_message.safe_message_hash as Hex,
    });
    const refused = await signer().client.post('/api/v1/sign', { task_id: taskId, signature: early });
    expect(refused.code).toBe('SIGNATURE_TASK_STATUS_ERROR');
    const approved = await approver().client.post('/api/v1/task/approve', { task_id: taskId, result: 1 });
    expect(approved.code, approved.raw).toBe('OK');

    const first = await sign(signer(), 28, taskId);
    expect(first.code, first.raw).toBe('OK');
    expect(first.data.status).toBe(3);
    expect((await sign(signer(), 28, taskId)).code).toBe('SIGNATURE_DUPLICATE_ERROR');
    expect((await dappInfo(taskId)).data).toMatchObject({ status: 3, signature: null });
    const second = await sign(space.admin, 27, taskId);
    expect(second.code, second.raw).toBe('OK');
    expect(second.data.status).toBe(1);

    const done = await dappInfo(taskId);
    expect(done.code, done.raw).toBe('OK');
    expect(done.data).toMatchObject({ status: 1, calls: [], tx_hash: null, dapp: app });
    expect(done.data.message?.message_hash).toBe(hashMessage(text));
    expect(await safeAnswers(hashMessage(text), done.data.signature as Hex)).toBe('0x1626ba7e');
    // Nothing to broadcast, and the operator is told the Dapp can use it.
    const broadcast = await space.admin.client.post('/api/v1/broadcast-create', {
      task_id: taskId,
      from: privateKeyToAccount(signerKey(27)).address,
    });
    expect(broadcast.code).not.toBe('OK');
    const told = await t.ctx.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', operator().userId)
      .where('title', 'like', 'Message %')
      .execute();
    expect(told).toHaveLength(1);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select('operation')
      .where('organization_id', '=', space.spaceId)
      .where('operation', 'in', ['create_dapp_message', 'sign'])
      .execute();
    expect(audited.map((a) => a.operation).sort()).toEqual(['create_dapp_message', 'sign', 'sign']);
    // A Safe App in another page finds it by the message hash it was answered (its wallet's).
    const byHash = (query: Record<string, string | number>, who: Person = operator()) =>
      who.client.get<DappTaskInfo>('/api/v1/task/dapp', query);
    const found = await byHash({ wallet_id: safe.walletId, safe_tx_hash: created.data.safe_tx_hash });
    expect(found.data).toMatchObject({ task_id: taskId, signature: done.data.signature });
    expect((await byHash({ wallet_id: safe.walletId })).code).toBe('PARAMS_REQUIRED_ERROR');
    expect((await byHash({ wallet_id: safe.walletId, safe_tx_hash: `0x${'ab'.repeat(32)}` })).code).toBe(
      'TASK_NOT_FOUND_ERROR',
    );
    const elsewhere = { wallet_id: safe.walletId, safe_tx_hash: created.data.safe_tx_hash };
    expect((await byHash(elsewhere, outsiders[0])).code).toBe('WALLET_NOT_FOUND_ERROR');
    // The wallet's viewer sees it as they see its transfers; another space learns nothing.
    expect((await dappInfo(taskId, viewer())).code).toBe('OK');
    expect((await dappInfo(taskId, outsiders[0])).code).toBe('TASK_NOT_FOUND_ERROR');
  });

  it('signs raw bytes and EIP-712 typed data as the Dapp hashes them; no Safe nonce is taken', async () => {
    const raw = toHex('wallet-connect personal_sign bytes');
    const cases = [
      [{ kind: 'personal', raw }, hashMessage({ raw })],
      [{ kind: 'typed', typed_data: typed }, hashTypedData(typed as never)],
    ] as const;
    for (const [message, hash] of cases) {
      const created = await create(message);
      expect(created.code, created.raw).toBe('OK');
      const taskId = created.data.task_id;
      expect(
        (await approver().client.post('/api/v1/task/approve', { task_id: taskId, result: 1 })).code,
      ).toBe('OK');
      expect((await sign(space.admin, 27, taskId)).code).toBe('OK');
      // A stranger's key is no owner of this Safe.
      const stranger = await privateKeyToAccount(signerKey(1)).signTypedData(
        (await signer().client.get<{ typed_data: object }>('/api/v1/task/info', { task_id: taskId })).data
          .typed_data as never,
      );
      const refused = await signer().client.post('/api/v1/sign', { task_id: taskId, signature: stranger });
      expect(refused.code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      expect((await sign(signer(), 28, taskId)).data.status).toBe(1);
      const { data } = await dappInfo(taskId);
      expect(data.message?.message_hash).toBe(hash);
      expect(await safeAnswers(hash, data.signature as Hex)).toBe('0x1626ba7e');
    }
    // Revoked part-signed (status 3): it ends with no signature for the Dapp, nothing on chain.
    const left = await create({ kind: 'personal', text: 'never mind' });
    expect(
      (await approver().client.post('/api/v1/task/approve', { task_id: left.data.task_id, result: 1 })).code,
    ).toBe('OK');
    expect((await sign(space.admin, 27, left.data.task_id)).code).toBe('OK');
    const revoked = await operator().client.post<{ status: number }>('/api/v1/task/revoke', {
      task_id: left.data.task_id,
    });
    expect(revoked.code, revoked.raw).toBe('OK');
    expect((await dappInfo(left.data.task_id)).data).toMatchObject({ status: 7, signature: null });
    const late = await privateKeyToAccount(signerKey(28)).sign({ hash: left.data.safe_tx_hash as Hex });
    const refused = await signer().client.post('/api/v1/sign', {
      task_id: left.data.task_id,
      signature: late,
    });
    expect(refused.code).toBe('SIGNATURE_TASK_STATUS_ERROR');
    const nonces = await t.ctx.db
      .selectFrom('tasks')
      .select('sequence')
      .where('wallet_id', '=', safe.walletId)
      .where('type', '=', 6)
      .execute();
    expect(nonces.every((n) => n.sequence === null)).toBe(true);
  });
});
