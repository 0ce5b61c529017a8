import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BroadcastScope, SpaceRole, createMultiWalletBody, type ErrorCode } from '@keystead/contract';
import { addMember, type Person } from '../../../test/space-helpers';
import type { Reply, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { keyAddress, signatureFor, signerKey, transferSpace } from '../../../test/transfer-helpers';
import { verifiedSigner } from '../../../test/wallet-helpers';
import { walletRelation } from '../wallets/wallet-access';
import { confirmDeployments, refreshBalances } from '../../jobs/wallet-jobs';
import {
  BROADCAST_SCOPES,
  WALLET_ACTIONS,
  WALLET_ROLES,
  canOnWallet,
  canViewWalletArchive,
  type Decision,
  type WalletAction,
  type WalletObject,
  type WalletRelation,
  type WalletRole,
} from './policy';
import { sealPending } from '../audit/audit-sealer';

/**
 * Every wallet action × every kind of caller, through one real route per action, generated from
 * the policy's own tables: a member holding exactly one wallet role (each of WALLET_ROLES, and a
 * signer, who holds keys and no role), a member and a space user with no role on the wallet, a
 * space admin and the space's creator with no wallet role, and the transfer's creator; broadcast
 * under each broadcast scope. `canOnWallet` gives the expected answer. A refused call answers
 * exactly its catalogue code and changes nothing in the database; an allowed one gets past the
 * gate (it may still stop at a later rule, e.g. a status).
 */

/** Where a member's wallet role is given in the wallet wizard's request. */
const ROLE_FIELD = {
  operator: 'operators',
  approver: 'approvers',
  viewer: 'viewers',
  risk_control: 'risk_control_users',
  broadcaster: 'broadcasters',
} as const satisfies Record<WalletRole, keyof typeof createMultiWalletBody.shape>;

/** Devnet account that sends this file's Safe deployment (other files use 2, 4, 5, 6, 8). */
const DEPLOY_FROM = 9;
/** The signer's keys (index into the devnet mnemonic): a 2-of-3 Safe held by one person. */
const SIGNER_KEYS = [11, 12, 13];
const RECIPIENT = keyAddress(18);

interface Caller {
  person: Person;
  spaceRole: number;
  relation: WalletRelation;
}

let t: TestApp;
const callers: Record<string, Caller> = {};
/** The funded Safe every transfer action is done on, and a second one waiting for deployment. */
let walletId: number;
let undeployedId: number;
let usdt: string;
/** One transfer per task action, all created by the transfer's creator. */
const tasks = {} as Record<'approve' | 'broadcast' | 'revoke', number>;

function one(roles: WalletRole[] = [], isSigner = false): WalletRelation {
  return { roles: new Set(roles), isSigner };
}

beforeAll(async () => {
  t = await createTestApp();
  const { admin: spaceCreator, spaceId, members } = await transferSpace(t, WALLET_ROLES.length + 3, 'Roles');
  const [signer, transferCreator, noRole, ...roleHolders] = members as [Person, Person, Person, ...Person[]];
  const spaceAdmin = await addMember(t, spaceCreator, spaceId, SpaceRole.Admin);
  const spaceUser = await addMember(t, spaceCreator, spaceId, SpaceRole.User);
  const holders = Object.fromEntries(WALLET_ROLES.map((role, i) => [role, roleHolders[i]!])) as Record<
    WalletRole,
    Person
  >;
  for (const role of WALLET_ROLES)
    callers[role] = { person: holders[role], spaceRole: SpaceRole.Member, relation: one([role]) };
  Object.assign(callers, {
    signer: { person: signer, spaceRole: SpaceRole.Member, relation: one([], true) },
    'member, no wallet role': { person: noRole, spaceRole: SpaceRole.Member, relation: one() },
    'space user, no wallet role': { person: spaceUser, spaceRole: SpaceRole.User, relation: one() },
    'space admin, no wallet role': { person: spaceAdmin, spaceRole: SpaceRole.Admin, relation: one() },
    'space creator, no wallet role': { person: spaceCreator, spaceRole: SpaceRole.Creator, relation: one() },
    // An operator (only operators create transfers) who created the transfers acted on.
    'transfer creator': {
      person: transferCreator,
      spaceRole: SpaceRole.Member,
      relation: one(['operator']),
    },
  } satisfies Record<string, Caller>);

  // Both wallets through the wizard's API, with each wallet role given to its holder.
  const signerIds: number[] = [];
  for (const key of SIGNER_KEYS)
    signerIds.push((await verifiedSigner(signer, signerKey(key), `Key ${key}`)).id);
  const people = Object.fromEntries(
    Object.values(ROLE_FIELD).map((field) => [field, [] as number[]]),
  ) as Record<(typeof ROLE_FIELD)[WalletRole], number[]>;
  for (const role of WALLET_ROLES) people[ROLE_FIELD[role]].push(holders[role].userId);
  people.operators.push(transferCreator.userId);
  const create = (name: string) =>
    spaceCreator.client.post<{
      wallet_id: number;
      address: string;
      deployment: { to: string; data: string };
    }>('/api/v1/wallets/multi', {
      name,
      chain_key: '31337',
      signers: signerIds,
      threshold: 2,
      approval_threshold: 1,
      broadcast_scope: 3,
      ...people,
    });
  const created = await create('Payments');
  expect(created.code).toBe('OK');
  walletId = created.data.wallet_id;
  const waiting = await create('Not deployed');
  expect(waiting.code).toBe('OK');
  undeployedId = waiting.data.wallet_id;

  // Deploy and fund the first one.
  const sent = await signer.client.post<{ tx_hash: string }>('/api/v1/dev/devnet-send', {
    from_index: DEPLOY_FROM,
    ...created.data.deployment,
  });
  expect(sent.code).toBe('OK');
  const reported = await signer.client.post('/api/v1/wallet-deploy-broadcast-create', {
    wallet_id: walletId,
    tx_hash: sent.data.tx_hash,
  });
  expect(reported.code).toBe('OK');
  expect(await confirmDeployments(t.ctx)).toBeGreaterThanOrEqual(1);
  const funded = await spaceCreator.client.post('/api/v1/dev/faucet', {
    address: created.data.address,
    eth: '1',
    usdt: '1000',
  });
  expect(funded.code).toBe('OK');
  usdt = t.ctx.chains.defaultTokens('31337')[0]!.contract!;
  await refreshBalances(t.ctx, [walletId]);

  // The broadcast transfer first: it holds the Safe's next nonce, so nothing queues it.
  for (const action of ['broadcast', 'approve', 'revoke'] as const) {
    const task = await transferCreator.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: RECIPIENT,
      amount: '1',
      token: usdt,
    });
    expect(task.code).toBe('OK');
    tasks[action] = task.data.task_id;
  }
  // The broadcast transfer is made ready to broadcast, so an allowed caller is answered in full.
  const approved = await holders.approver.client.post('/api/v1/task/approve', {
    task_id: tasks.broadcast,
    result: 1,
  });
  expect(approved.code).toBe('OK');
  for (const key of SIGNER_KEYS.slice(0, 2)) {
    const signature = await signatureFor(signer, key, tasks.broadcast);
    expect((await signer.client.post('/api/v1/sign', { task_id: tasks.broadcast, signature })).code).toBe(
      'OK',
    );
  }
  const ready = await t.ctx.db
    .selectFrom('tasks')
    .select('status')
    .where('id', '=', tasks.broadcast)
    .executeTakeFirstOrThrow();
  expect(ready.status).toBe(5);
});
afterAll(() => t.close());

interface ActionRoute {
  route: string;
  /** What the route answers a caller who may not see the wallet ('view' refused). */
  hidden: ErrorCode;
  /** The wallet acted on and, for transfer actions, the transfer. */
  target: () => { walletId: number; taskId: number | null };
  send: (caller: Caller) => Promise<Reply>;
}

const randomHash = () => `0x${randomBytes(32).toString('hex')}`;

/** One real route per wallet action. */
const ROUTES: Record<WalletAction, ActionRoute> = {
  view: {
    route: 'GET /api/v1/wallets/base-info',
    hidden: 'WALLET_NOT_FOUND_ERROR',
    target: () => ({ walletId, taskId: null }),
    send: ({ person }) => person.client.get('/api/v1/wallets/base-info', { wallet_id: walletId }),
  },
  deploy: {
    route: 'POST /api/v1/wallet-deploy-broadcast-create',
    hidden: 'WALLET_NOT_FOUND_ERROR',
    target: () => ({ walletId: undeployedId, taskId: null }),
    send: ({ person }) =>
      person.client.post('/api/v1/wallet-deploy-broadcast-create', {
        wallet_id: undeployedId,
        tx_hash: randomHash(),
      }),
  },
  operate: {
    route: 'POST /api/v1/task',
    hidden: 'WALLET_NOT_FOUND_ERROR',
    target: () => ({ walletId, taskId: null }),
    send: ({ person }) =>
      person.client.post('/api/v1/task', { wallet_id: walletId, to: RECIPIENT, amount: '1', token: usdt }),
  },
  // A transfer on a wallet hidden from the caller does not exist for them (transfer-access.ts).
  approve: {
    route: 'POST /api/v1/task/approve',
    hidden: 'TASK_NOT_FOUND_ERROR',
    target: () => ({ walletId, taskId: tasks.approve }),
    send: ({ person }) => person.client.post('/api/v1/task/approve', { task_id: tasks.approve, result: 1 }),
  },
  broadcast: {
    route: 'POST /api/v1/broadcast-create',
    hidden: 'TASK_NOT_FOUND_ERROR',
    target: () => ({ walletId, taskId: tasks.broadcast }),
    send: ({ person }) =>
      person.client.post('/api/v1/broadcast-create', {
        task_id: tasks.broadcast,
        from: keyAddress(DEPLOY_FROM),
      }),
  },
  revoke: {
    route: 'POST /api/v1/task/revoke',
    hidden: 'TASK_NOT_FOUND_ERROR',
    target: () => ({ walletId, taskId: tasks.revoke }),
    send: ({ person }) => person.client.post('/api/v1/task/revoke', { task_id: tasks.revoke }),
  },
};

/** Space-level refusals: none may answer a member of the space. */
const GATE_CODES = ['UCS_USER_AUTHENTICATION', 'ORGANIZATION_NOT_FOUND_ERROR', 'MEMBER_BLOCKED_ERROR'];

/** The answer canOnWallet gives, through the wallet's visibility first, as every route asks it. */
async function expectation(action: WalletAction, caller: Caller): Promise<Decision> {
  const target = ROUTES[action].target();
  const wallet = await t.ctx.db
    .selectFrom('wallets')
    .select('broadcast_scope')
    .where('id', '=', target.walletId)
    .executeTakeFirstOrThrow();
  const task =
    target.taskId === null
      ? null
      : await t.ctx.db
          .selectFrom('tasks')
          .select('created_by')
          .where('id', '=', target.taskId)
          .executeTakeFirstOrThrow();
  const object: WalletObject = {
    userId: caller.person.userId,
    broadcastScope: wallet.broadcast_scope,
    ...(task ? { createdBy: task.created_by === null ? null : Number(task.created_by) } : {}),
  };
  const view = canOnWallet(caller.spaceRole, caller.relation, 'view', object);
  if (!view.allowed) return { allowed: false, code: ROUTES[action].hidden };
  return canOnWallet(caller.spaceRole, caller.relation, action, object);
}

/** Every table's rows (but the sessions' last-seen times), to compare before and after a refusal. */
async function databaseState(): Promise<Record<string, string>> {
  // Earlier, allowed calls' audit rows are sealed after their commit: sealed now, not mid-comparison.
  await sealPending(t.ctx.db, t.ctx.config.auditKey);
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'sessions'
    order by 1`.execute(t.ctx.db);
  const state: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ n: string; digest: string | null }>`
      select count(*)::text as n, md5(string_agg(x::text, '|' order by x::text)) as digest
      from ${sql.table(name)} x`.execute(t.ctx.db);
    state[name] = `${rows[0]!.n}:${rows[0]!.digest ?? ''}`;
  }
  return state;
}

function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

async function setBroadcastScope(scope: number) {
  await t.ctx.db.updateTable('wallets').set({ broadcast_scope: scope }).where('id', '=', walletId).execute();
}

describe('wallet role matrix', () => {
  it('exercises every wallet action, every wallet role the database accepts and every broadcast scope', async () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(WALLET_ACTIONS).sort());
    const { rows } = await sql<{ definition: string }>`
      select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'wallet_members'::regclass and contype = 'c'`.execute(t.ctx.db);
    const accepted = [
      ...rows
        .map((row) => row.definition)
        .join(' ')
        .matchAll(/'([a-z_]+)'/g),
    ].map((match) => match[1]);
    expect([...new Set(accepted)].sort()).toEqual([...WALLET_ROLES].sort());
    for (const role of WALLET_ROLES) expect(callers[role]).toBeDefined();
    expect(Object.keys(BROADCAST_SCOPES).map(Number).sort()).toEqual(Object.values(BroadcastScope).sort());
    // The "changes nothing" comparison sees the tables a wallet action writes.
    expect(Object.keys(await databaseState())).toEqual(
      expect.arrayContaining([
        'tasks',
        'task_approvals',
        'task_broadcasts',
        'wallets',
        'audit_log',
        'notifications',
      ]),
    );
    // The relation each caller is expected under is the one the server reads.
    for (const [name, caller] of Object.entries(callers)) {
      for (const id of [walletId, undeployedId]) {
        const read = await walletRelation(t.ctx.db, id, caller.person.userId);
        expect({ name, roles: [...read.roles].sort(), isSigner: read.isSigner }).toEqual({
          name,
          roles: [...caller.relation.roles].sort(),
          isSigner: caller.relation.isSigner,
        });
      }
    }
  });

  it('gives every wallet action × caller (× broadcast scope) the answer canOnWallet gives', async () => {
    const failures: string[] = [];
    const openedFully = new Set<WalletAction>();
    let checked = 0;
    const columns: Array<{ action: WalletAction; scope: number | null }> = (
      Object.keys(WALLET_ACTIONS) as WalletAction[]
    ).flatMap((action): Array<{ action: WalletAction; scope: number | null }> =>
      action === 'broadcast'
        ? Object.keys(BROADCAST_SCOPES).map((scope) => ({ action, scope: Number(scope) }))
        : [{ action, scope: null }],
    );
    for (const { action, scope } of columns) {
      if (scope !== null) await setBroadcastScope(scope);
      const { route, hidden } = ROUTES[action];
      for (const [name, caller] of Object.entries(callers)) {
        const expected = await expectation(action, caller);
        const before = expected.allowed ? null : await databaseState();
        const reply = await ROUTES[action].send(caller);
        checked += 1;
        const label = `${route}${scope === null ? '' : ` (broadcast scope ${scope})`} as ${name}`;
        if (expected.allowed) {
          const refused =
            reply.status === 500 ||
            GATE_CODES.includes(reply.code) ||
            reply.code === WALLET_ACTIONS[action].denied ||
            reply.code === hidden ||
            reply.code.startsWith('PERMISSION_');
          if (refused) failures.push(`${label}: got ${reply.status} ${reply.code}, expected allowed`);
          if (reply.code === 'OK') openedFully.add(action);
        } else {
          if (reply.code !== expected.code)
            failures.push(`${label}: got ${reply.status} ${reply.code}, expected ${expected.code}`);
          const changed = changedTables(before!, await databaseState());
          if (changed.length) failures.push(`${label}: refused, yet changed ${changed.join(', ')}`);
        }
      }
    }
    await setBroadcastScope(3);
    expect(failures).toEqual([]);
    expect(checked).toBe(columns.length * Object.keys(callers).length);
    // Each route was called with a valid request: some allowed caller got all the way through.
    expect([...openedFully].sort()).toEqual(Object.keys(WALLET_ACTIONS).sort());
  });

  it('lists a wallet exactly to those canOnWallet lets view it, and the archive as canViewWalletArchive says', async () => {
    const failures: string[] = [];
    for (const [name, caller] of Object.entries(callers)) {
      const view = canOnWallet(caller.spaceRole, caller.relation, 'view');
      const list = await caller.person.client.get<{ list: Array<{ wallet_id: number }> }>('/api/v1/wallets');
      const listed = list.code === 'OK' && list.data.list.some((w) => w.wallet_id === walletId);
      if (listed !== view.allowed) failures.push(`GET /api/v1/wallets as ${name}: listed ${listed}`);
      const archive = await caller.person.client.get('/api/v1/wallets', { archived: 'true' });
      const mayArchive = canViewWalletArchive(caller.spaceRole);
      if (archive.code !== (mayArchive.allowed ? 'OK' : mayArchive.code))
        failures.push(`GET /api/v1/wallets?archived=true as ${name}: ${archive.code}`);
    }
    expect(failures).toEqual([]);
  });
});
