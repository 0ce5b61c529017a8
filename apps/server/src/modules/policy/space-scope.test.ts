import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskType } from '@keystead/contract';
import { addMember, createSpace, person, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { devnetKey, verifiedSigner } from '../../../test/wallet-helpers';

// Two spaces: nothing of space A may be told apart from "does not exist" by a member of space B.
let t: TestApp;
let ownerA: Person;
let ownerB: Person;
let memberB: Person;
let spaceA: number;
let spaceB: number;
let taskA: number;
let taskB: number;
const MISSING = 9_999_999;

async function insertTask(organizationId: number): Promise<number> {
  const row = await t.ctx.db
    .insertInto('tasks')
    .values({ organization_id: organizationId, type: TaskType.Transfer, status: 3 } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  ownerA = await person(t, { mfa: true, prefix: 'owner-a' });
  spaceA = await createSpace(ownerA, 'Space A');
  ownerB = await person(t, { mfa: true, prefix: 'owner-b' });
  spaceB = await createSpace(ownerB, 'Space B');
  memberB = await addMember(t, ownerB, spaceB, 0);
  taskA = await insertTask(spaceA);
  taskB = await insertTask(spaceB);
});
afterAll(() => t.close());

type Answer = { status: number; code: string; message: string };
const same = (a: Answer, b: Answer) => {
  expect([a.status, a.code, a.message]).toEqual([b.status, b.code, b.message]);
};

describe('task ids of another space', () => {
  /** EVM-style and Bitcoin-family-style bodies, well-formed and not. */
  const calls: Array<[string, 'get' | 'post', (id: number) => Record<string, unknown>]> = [
    ['/api/v1/sign', 'post', (id) => ({ task_id: id, signature: '' })],
    ['/api/v1/sign', 'post', (id) => ({ task_id: id, psbt: '' })],
    ['/api/v1/sign', 'post', (id) => ({ task_id: id })],
    ['/api/v1/sign', 'post', (id) => ({ task_id: id, psbt: 'cHNidP8=' })],
    ['/api/v1/task/approve', 'post', (id) => ({ task_id: id, status: 1 })],
    ['/api/v1/task/approve', 'post', (id) => ({ task_id: id })],
    ['/api/v1/task/revoke', 'post', (id) => ({ task_id: id })],
    ['/api/v1/broadcast-create', 'post', (id) => ({ task_id: id })],
    ['/api/v1/broadcast', 'post', (id) => ({ task_id: id, signature: '' })],
    ['/api/v1/task/speed-up', 'post', (id) => ({ task_id: id, fee_tier: 'fast' })],
    ['/api/v1/task/tracer', 'post', (id) => ({ task_id: id, tx_hash: 'nope' })],
    ['/api/v1/task/info', 'get', (id) => ({ task_id: id })],
  ];

  it.each(calls)(
    '%s (%s) answers one "not found" for a foreign and a missing id, first',
    async (path, method, body) => {
      const call = (id: number) =>
        method === 'get' ? memberB.client.get(path, body(id) as never) : memberB.client.post(path, body(id));
      const foreign = await call(taskA);
      const missing = await call(MISSING);
      expect(foreign.code).toBe('TASK_NOT_FOUND_ERROR');
      same(foreign, missing);
    },
  );

  it('still judges the body of a task in the caller\u2019s own space', async () => {
    const own = await memberB.client.post('/api/v1/sign', { task_id: taskB, signature: '' });
    expect(own.code).toBe('SIGNATURE_EMPTY_ERROR');
  });

  it('the owner of space A is told the same about space B', async () => {
    ownerA.client.spaceId = spaceA;
    same(
      await ownerA.client.post('/api/v1/sign', { task_id: taskB, signature: '' }),
      await ownerA.client.post('/api/v1/sign', { task_id: MISSING, signature: '' }),
    );
  });
});

describe('signer-address ids of people outside the space', () => {
  it('read as not found, like an id that does not exist, whatever their status', async () => {
    const own = await verifiedSigner(ownerB, devnetKey(4));
    const mine2 = await verifiedSigner(memberB, devnetKey(5));
    const outsider = await person(t, { prefix: 'outsider' });
    const foreign = await verifiedSigner(outsider, devnetKey(6));
    const foreignPending = await outsider.client.post<{ id: number }>('/api/v1/permission-address', {
      name: 'Pending',
      address: '0x000000000000000000000000000000000000dEaD',
      family: 'EVM',
    });
    const body = (signers: number[]) => ({
      name: 'Probe',
      chain_key: '31337',
      signers,
      threshold: 2,
      approvers: [],
      approval_threshold: 0,
      operators: [ownerB.userId],
      broadcast_scope: 3,
    });
    const probe = (id: number) => ownerB.client.post('/api/v1/wallets/multi', body([own.id, id]));
    const toForeign = await probe(foreign.id);
    const toPending = await probe(foreignPending.data.id);
    const toMissing = await probe(MISSING);
    expect(toForeign.code).toBe('SIGNER_ADDRESS_NOT_FOUND_ERROR');
    same(toForeign, toMissing);
    same(toPending, toMissing);
    // The space's own members' addresses still pass this check.
    expect((await probe(mine2.id)).code).not.toBe('SIGNER_ADDRESS_NOT_FOUND_ERROR');
  });
});
