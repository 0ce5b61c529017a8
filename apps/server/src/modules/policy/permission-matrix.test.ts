import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpaceRole } from '@keystead/contract';
import { addMember, createSpace, person, type Person } from '../../../test/space-helpers';
import { createTestApp, type Reply, type TestApp, type TestClient } from '../../../test/test-app';
import type { RouteAccessEntry } from '../../plugins/access';
import { SPACE_ACTIONS, can } from './policy';

/**
 * Every API route × every kind of caller, generated from the routes' own access declarations:
 * a logged-out visitor, each space role, a blocked member, a member of another space and a
 * member's paired phone (which may only call the routes marked `phone`).
 */
let t: TestApp;
let spaceId: number;
/** Pairs the User actor's phone again (their "log out other devices" ends its session). */
let pairPhone: () => Promise<void>;
const actors: Record<
  string,
  {
    client: TestClient;
    role: number | null;
    kind: 'anonymous' | 'member' | 'outsider' | 'blocked' | 'phone';
  }
> = {};

beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
  const creator: Person = await person(t, { mfa: true, prefix: 'creator' });
  spaceId = await createSpace(creator, 'Matrix');
  const admin = await addMember(t, creator, spaceId, SpaceRole.Admin);
  const member = await addMember(t, creator, spaceId, SpaceRole.Member);
  const user = await addMember(t, creator, spaceId, SpaceRole.User);
  const blocked = await addMember(t, creator, spaceId, SpaceRole.Member);
  const row = await t.ctx.db
    .selectFrom('organization_members')
    .select('id')
    .where('user_id', '=', blocked.userId)
    .executeTakeFirstOrThrow();
  expect(
    (await creator.client.put('/api/v1/organization/member', { member_id: row.id, status: 'blocked' })).code,
  ).toBe('OK');
  const outsider = await person(t, { mfa: true, prefix: 'outsider' });
  await createSpace(outsider, 'Elsewhere');
  outsider.client.spaceId = spaceId;
  const anonymous = t.client();
  anonymous.spaceId = spaceId;
  const phone = t.client({ ip: '10.7.7.7' });
  phone.spaceId = spaceId;
  pairPhone = async () => {
    const pairing = await user.client.post<{ code: string }>('/api/v1/mobile/pairing');
    expect((await phone.post('/api/v1/mobile/pair', { code: pairing.data.code })).code).toBe('OK');
  };
  await pairPhone();
  Object.assign(actors, {
    anonymous: { client: anonymous, role: null, kind: 'anonymous' },
    creator: { client: creator.client, role: SpaceRole.Creator, kind: 'member' },
    admin: { client: admin.client, role: SpaceRole.Admin, kind: 'member' },
    member: { client: member.client, role: SpaceRole.Member, kind: 'member' },
    user: { client: user.client, role: SpaceRole.User, kind: 'member' },
    blocked: { client: blocked.client, role: SpaceRole.Member, kind: 'blocked' },
    outsider: { client: outsider.client, role: SpaceRole.Creator, kind: 'outsider' },
    phone: { client: phone, role: SpaceRole.User, kind: 'phone' },
  });
});
afterAll(() => t.close());

const GATE_CODES = [
  'UCS_USER_AUTHENTICATION',
  'ORGANIZATION_NOT_FOUND_ERROR',
  'MEMBER_BLOCKED_ERROR',
  'ORG_AUTHENTICATION_ERROR',
];

function call(client: TestClient, route: RouteAccessEntry): Promise<Reply> {
  const url = route.url.replace(/:(\w+)/g, () => randomUUID());
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  return client.request(method, url, method === 'GET' ? undefined : {});
}

function expectation(
  route: RouteAccessEntry,
  actor: (typeof actors)[string],
): { code?: string; allowed: boolean } {
  const { access } = route;
  if (access.auth === 'public') return { allowed: true };
  if (actor.kind === 'anonymous') return { allowed: false, code: 'UCS_USER_AUTHENTICATION' };
  if (actor.kind === 'phone' && !route.phone) return { allowed: false, code: 'PHONE_SESSION_SCOPE_ERROR' };
  if (access.auth === 'user') return { allowed: true };
  if (actor.kind === 'outsider') return { allowed: false, code: 'ORGANIZATION_NOT_FOUND_ERROR' };
  if (actor.kind === 'blocked') return { allowed: false, code: 'MEMBER_BLOCKED_ERROR' };
  const decision = can({ userId: -1, role: actor.role! }, access.action);
  return decision.allowed ? { allowed: true } : { allowed: false, code: decision.code! };
}

describe('permission matrix', () => {
  it('covers every space action with at least one route', () => {
    const used = new Set(
      t.app.routeAccessTable.flatMap((route) => (route.access.auth === 'space' ? [route.access.action] : [])),
    );
    expect([...used].sort()).toEqual(Object.keys(SPACE_ACTIONS).sort());
  });

  it('gives every route × caller the expected answer', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of t.app.routeAccessTable) {
      for (const [name, actor] of Object.entries(actors)) {
        const expected = expectation(route, actor);
        if (route.access.auth === 'public') continue;
        if (route.url.endsWith('/stream') && expected.allowed) continue; // an open stream never ends
        const reply = await call(actor.client, route);
        if (name === 'user' && route.url.endsWith('/user/force-logout')) await pairPhone();
        checked += 1;
        // Allowed means the gate opened: no authentication, space or role refusal (a business
        // rule further in, such as "bind an authenticator first", may still answer).
        const roleRefusal = route.access.auth === 'space' ? SPACE_ACTIONS[route.access.action].denied : null;
        const ok = expected.allowed
          ? reply.status !== 500 && !GATE_CODES.includes(reply.code) && reply.code !== roleRefusal
          : reply.code === expected.code;
        if (!ok)
          failures.push(
            `${route.method} ${route.url} as ${name}: got ${reply.status} ${reply.code}, expected ${expected.allowed ? 'allowed' : expected.code}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('lets a paired phone reach only the routes that list, show and sign tasks', () => {
    const phoneRoutes = t.app.routeAccessTable
      .filter((route) => route.phone && route.access.auth !== 'public')
      .map((route) => `${route.method} ${route.url.replace(/^\/api\/v\d\//, '/')}`)
      .sort();
    expect(phoneRoutes).toEqual(
      [
        'GET /mobile/inheritance',
        'GET /mobile/session',
        'GET /mobile/tasks',
        'GET /wallets/inheritance',
        'POST /wallets/inheritance',
        'GET /permission-address',
        'GET /permission-address/challenge',
        'GET /task/info',
        'POST /permission-address',
        'POST /permission-address/verify',
        'POST /sign',
      ].sort(),
    );
  });
});
