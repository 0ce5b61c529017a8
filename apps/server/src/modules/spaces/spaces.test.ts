import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addMember, createSpace, person } from '../../../test/space-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
});
afterAll(() => t.close());

describe('spaces', () => {
  it('creating a space needs a bound authenticator', async () => {
    const plain = await person(t);
    const reply = await plain.client.post('/api/v1/organization', { name: 'No MFA' });
    expect(reply.code).toBe('PERMISSION_MFA_REQUIRED_ERROR');
  });

  it('creates with trailing spaces trimmed and the default name, lists, and reports plan data', async () => {
    const owner = await person(t, { mfa: true });
    const trimmed = await owner.client.post<{
      name: string;
      role: number;
      vip_category: string;
      feature_list: string[];
      vip_notice: string;
    }>('/api/v1/organization', { name: 'Ops Fund   ' });
    expect(trimmed.data).toMatchObject({
      name: 'Ops Fund',
      role: 1,
      vip_category: 'free',
      vip_notice: 'unexpired',
    });
    const defaulted = await owner.client.post<{ name: string }>('/api/v1/organization', {});
    expect(defaulted.data.name).toBe('my space');
    const list = await owner.client.get<{ list: Array<{ name: string; member_count: number }> }>(
      '/api/v1/organization',
    );
    expect(list.data.list.map((s) => s.name)).toEqual(['Ops Fund', 'my space']);
    expect(list.data.list[0]!.member_count).toBe(1);
  });

  it('validates name and description', async () => {
    const owner = await person(t, { mfa: true });
    expect((await owner.client.post('/api/v1/organization', { name: '   ' })).code).toBe(
      'PARAMS_REQUIRED_ERROR',
    );
    expect((await owner.client.post('/api/v1/organization', { name: 'x'.repeat(31) })).code).toBe(
      'PARAMS_INVALID_ERROR',
    );
    expect(
      (await owner.client.post('/api/v1/organization', { name: 'ok', description: 'd'.repeat(100) })).code,
    ).toBe('PARAMS_INVALID_ERROR');
    expect((await owner.client.post('/api/v1/organization', { name: 'ok', kind: 3 })).code).toBe(
      'PARAMS_INVALID_ERROR',
    );
  });

  it('limits how many spaces one user creates', async () => {
    const owner = await person(t, { mfa: true });
    for (let i = 0; i < 4; i += 1)
      expect((await owner.client.post('/api/v1/organization', { name: `S${i}` })).code).toBe('OK');
    const fifth = await owner.client.post('/api/v1/organization', { name: 'S5' });
    expect(fifth.code).toBe('LIMIT_SPACES_ERROR');
  });

  it('the experience edition is testnet only', async () => {
    const owner = await person(t, { mfa: true });
    const id = await createSpace(owner, 'Trial', 'experience');
    const info = await owner.client.get<{
      edition: string;
      is_open_testnet: boolean;
      feature_list: string[];
    }>('/api/v1/organization/base-info');
    expect(info.data).toMatchObject({ edition: 'experience', is_open_testnet: true });
    expect(info.data.feature_list).toContain('testnet');
    const off = await owner.client.put('/api/v1/organization/settings', {
      enable_testnet: false,
      organization_id: id,
    });
    expect(off.code).toBe('FEATURE_NOT_SUPPORTED_ERROR');
  });

  it('enters a space, remembers it, and refuses a space the user is not in', async () => {
    const owner = await person(t, { mfa: true });
    const id = await createSpace(owner);
    const entered = await owner.client.post<{ organization_id: number; is_admin: boolean }>(
      '/api/v1/organization/enter',
      { organization_id: id },
    );
    expect(entered.data).toMatchObject({ organization_id: id, is_admin: true });
    expect(owner.client.cookies.get('ks_last_space')).toBe(String(id));
    const stranger = await person(t);
    expect((await stranger.client.post('/api/v1/organization/enter', { organization_id: id })).code).toBe(
      'ORGANIZATION_NOT_FOUND_ERROR',
    );
  });

  it('edits base information and settings (privileged), audited in the space', async () => {
    const owner = await person(t, { mfa: true });
    const id = await createSpace(owner);
    const edited = await owner.client.patch<{ name: string }>('/api/v1/organization', {
      name: 'Renamed',
      description: 'Cold storage',
    });
    expect(edited.data.name).toBe('Renamed');
    const settings = await owner.client.put<{ is_open_approve: boolean; feature_list: string[] }>(
      '/api/v1/organization/settings',
      { enable_approve_mfa: true, enable_dapp: true },
    );
    expect(settings.data.is_open_approve).toBe(true);
    expect(settings.data.feature_list).toEqual(expect.arrayContaining(['approve_mfa', 'dapp']));
    const member = await addMember(t, owner, id, 0);
    expect((await member.client.patch('/api/v1/organization', { name: 'Hijack' })).code).toBe(
      'PERMISSION_SPACE_MANAGE_ERROR',
    );
    expect((await member.client.put('/api/v1/organization/settings', { enable_dapp: false })).code).toBe(
      'PERMISSION_SPACE_MANAGE_ERROR',
    );
    const audit = await owner.client.get<{ list: Array<{ operation: string }> }>('/api/v1/audit-log');
    expect(audit.data.list.map((row) => row.operation)).toEqual(
      expect.arrayContaining(['create', 'update', 'settings', 'invite', 'join']),
    );
  });

  it('reports expiry states of a paid plan', async () => {
    const owner = await person(t, { mfa: true });
    const id = await createSpace(owner);
    const setPlan = (days: number) =>
      t.ctx.db
        .updateTable('organizations')
        .set({ plan: 'plus', plan_expires_at: new Date(Date.now() + days * 86_400_000) })
        .where('id', '=', id)
        .execute();
    await setPlan(100);
    let info = await owner.client.get<{
      vip_category: string;
      vip_notice: string;
      vip_data: { org_user_num: number };
    }>('/api/v1/organization/base-info');
    expect(info.data).toMatchObject({ vip_category: 'plus', vip_notice: 'unexpired' });
    expect(info.data.vip_data.org_user_num).toBe(20);
    await setPlan(3);
    info = await owner.client.get('/api/v1/organization/base-info');
    expect(info.data.vip_notice).toBe('about_to_expire');
    await setPlan(-1);
    info = await owner.client.get('/api/v1/organization/base-info');
    expect(info.data).toMatchObject({ vip_category: 'free', vip_notice: 'expired' });
  });

  it('scans the environment and names what is risky', async () => {
    const owner = await person(t, { mfa: true });
    const id = await createSpace(owner);
    await addMember(t, owner, id, 2);
    const first = await owner.client.post<{ environment_scan: string; findings: Array<{ code: string }> }>(
      '/api/v1/organization/environment-scan',
      {},
    );
    expect(first.data.environment_scan).toBe('error');
    expect(first.data.findings.map((f) => f.code)).toEqual([
      'admin_without_authenticator',
      'approval_verification_off',
    ]);
    expect(
      (await owner.client.get<{ environment_scan: string }>('/api/v1/organization/base-info')).data
        .environment_scan,
    ).toBe('error');
  });
});
