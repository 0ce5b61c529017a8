// The Dapp catalogue (§3 Dapp: dapp_id, is_favorite; §7 GET /dapp, /dapp/type, POST /dapp/favorite):
// filtered by type, chain and favourites, named in the request's language, favourites per person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DappItem } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addMember, createSpace, person, type Person } from '../../../test/space-helpers';

let t: TestApp;
let admin: Person;
let member: Person;
const list = (who: Person, query: Record<string, string> = {}) =>
  who.client.get<{ list: DappItem[] }>('/api/v1/dapp', query);
const favorite = (who: Person, dappId: number, on: boolean) =>
  who.client.post<{ dapp_id: number; is_favorite: boolean }>('/api/v1/dapp/favorite', {
    dapp_id: dappId,
    is_favorite: on,
  });

beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
  admin = await person(t, { mfa: true, prefix: 'dapps' });
  const spaceId = await createSpace(admin, 'Dapp catalogue');
  member = await addMember(t, admin, spaceId, 0);
});
afterAll(() => t.close());

describe('the Dapp catalogue', () => {
  it('names its types and entries in the request language', async () => {
    member.client.language = 'zh-CN';
    const types = await member.client.get<{ list: Array<{ type: string; name: string }> }>(
      '/api/v1/dapp/type',
    );
    expect(types.data.list).toContainEqual({ type: 'staking', name: '质押' });
    const lido = (await list(member, { type: 'staking' })).data.list;
    expect(lido.map((d) => [d.name, d.description])).toEqual([['Lido', '质押 ETH 并获得 stETH。']]);
    member.client.language = 'en-US';
  });

  it('filters by chain', async () => {
    const all = (await list(member)).data.list;
    const polygon = (await list(member, { chain_key: '137' })).data.list;
    expect(polygon.length).toBeGreaterThan(0);
    expect(polygon.length).toBeLessThan(all.length);
    expect(polygon.every((d) => d.chain_keys.includes('137'))).toBe(true);
    expect(polygon.map((d) => d.name)).not.toContain('Lido');
  });

  it("keeps each person's favourites, first in the list; an unknown Dapp is not found", async () => {
    expect((await favorite(member, 4, true)).data).toEqual({ dapp_id: 4, is_favorite: true });
    expect((await favorite(member, 4, true)).code).toBe('OK');
    const mine = (await list(member)).data.list;
    expect(mine[0]).toMatchObject({ dapp_id: 4, is_favorite: true });
    expect(mine.filter((d) => d.is_favorite)).toHaveLength(1);
    expect((await list(member, { favorite: 'true' })).data.list.map((d) => d.dapp_id)).toEqual([4]);
    expect((await list(admin)).data.list.some((d) => d.is_favorite)).toBe(false);
    expect((await favorite(member, 4, false)).data.is_favorite).toBe(false);
    expect((await list(member, { favorite: 'true' })).data.list).toEqual([]);
    expect((await favorite(member, 999, true)).code).toBe('DAPP_NOT_FOUND_ERROR');
  });

  it('is for members of a space', async () => {
    const loner = await person(t, { prefix: 'loner' });
    expect((await list(loner)).code).toBe('ORG_AUTHENTICATION_ERROR');
    expect((await favorite(loner, 1, true)).code).toBe('ORG_AUTHENTICATION_ERROR');
  });
});
