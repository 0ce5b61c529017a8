// Fund-purpose tags (§3 Transfer tag; §7 label calls): the space's tree, its admins' changes, and
// the fund purpose every transfer of a wallet with the asset-tag switch on must carry. Transfers
// are real: a Safe deployed on the Hardhat devnet, funded, and a transfer built against it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Label, LabelCategory, LabelConfigItem } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import {
  createSafe,
  keyAddress,
  transferAudit,
  transferSpace,
  type DeployedSafe,
  type TransferSpace,
} from '../../../test/transfer-helpers';

let t: TestApp;
let space: TransferSpace;
let safe: DeployedSafe;
let outsider: Person;
const operator = () => space.members[0]!;
const viewer = () => space.members[1]!;

const tree = async (who: Person, path = '/api/v1/label-category/tree') =>
  (await who.client.get<{ list: LabelCategory[] }>(path)).data.list;
const addEntry = (who: Person, body: object) => who.client.post<{ id: number }>('/api/v1/label-config', body);
const changeEntry = (who: Person, body: object) =>
  who.client.put<{ id: number }>('/api/v1/label-config', body);
const labelNamed = async (who: Person, name: string) =>
  (await tree(who)).flatMap((c) => c.labels).find((l) => l.name === name)!;

beforeAll(async () => {
  t = await createTestApp();
  space = await transferSpace(t, 2, 'Labels');
  safe = await createSafe(t, space.admin, {
    signers: [
      { who: space.admin, key: 11 },
      { who: operator(), key: 12 },
    ],
    threshold: 2,
    operators: [operator()],
    viewers: [viewer()],
    deployFrom: 8,
  });
  outsider = await person(t, { mfa: true, prefix: 'other' });
  await createSpace(outsider, 'Elsewhere');
}, 120_000);
afterAll(() => t?.close());

describe('the tree of categories and labels', () => {
  it('starts with the system categories and labels, written once even when first read at once', async () => {
    const fresh = await person(t, { mfa: true, prefix: 'fresh' });
    await createSpace(fresh, 'Fresh');
    const reads = await Promise.all([1, 2, 3].map(() => tree(fresh)));
    for (const list of reads) {
      expect(list.map((c) => c.code)).toEqual(['operations', 'treasury', 'other']);
      expect(list.flatMap((c) => c.labels)).toHaveLength(10);
    }
    const rows = await t.ctx.db
      .selectFrom('labels')
      .select('id')
      .where('organization_id', '=', fresh.client.spaceId!)
      .execute();
    expect(rows).toHaveLength(10);
    expect(reads[0]!.flatMap((c) => c.labels).every((l) => l.source === 1 && l.status === 1)).toBe(true);
  });

  it('lets admins add categories and labels; names are unique in the space whatever their case', async () => {
    const category = await addEntry(space.admin, { kind: 'category', name: 'Grants' });
    expect(category.code).toBe('OK');
    const label = await addEntry(space.admin, {
      kind: 'label',
      name: 'Ecosystem grant',
      category_id: category.data.id,
    });
    expect(label.code).toBe('OK');
    const grants = (await tree(space.admin)).find((c) => c.id === category.data.id)!;
    expect(grants).toMatchObject({ name: 'Grants', source: 2, code: `C${category.data.id}` });
    expect(grants.labels.map((l) => [l.name, l.source, l.category_name])).toEqual([
      ['Ecosystem grant', 2, 'Grants'],
    ]);

    const again = { kind: 'label', category_id: category.data.id };
    expect((await addEntry(space.admin, { ...again, name: 'ECOSYSTEM grant' })).code).toBe(
      'LABEL_DUPLICATE_ERROR',
    );
    // A system label's name is taken too.
    expect((await addEntry(space.admin, { ...again, name: 'payroll' })).code).toBe('LABEL_DUPLICATE_ERROR');
    expect((await addEntry(space.admin, { kind: 'category', name: 'grants' })).code).toBe(
      'LABEL_DUPLICATE_ERROR',
    );
    expect((await addEntry(space.admin, { kind: 'label', name: 'No home' })).code).toBe(
      'PARAMS_REQUIRED_ERROR',
    );
    expect((await addEntry(space.admin, { ...again, name: '   ' })).code).toBe('PARAMS_REQUIRED_ERROR');
  });

  it('refuses members who are not admins, and entries of another space read as not found', async () => {
    const denied = await addEntry(operator(), { kind: 'category', name: 'Mine' });
    expect(denied.code).toBe('PERMISSION_SPACE_MANAGE_ERROR');
    expect((await changeEntry(operator(), { kind: 'category', id: 1, status: 2 })).code).toBe(
      'PERMISSION_SPACE_MANAGE_ERROR',
    );
    // Members read the tree (the wizard offers it).
    expect((await tree(operator())).length).toBeGreaterThanOrEqual(4);

    const ours = await labelNamed(space.admin, 'Ecosystem grant');
    const theirs = await addEntry(outsider, { kind: 'category', name: 'Theirs' });
    expect(
      (await addEntry(space.admin, { kind: 'label', name: 'Into theirs', category_id: theirs.data.id })).code,
    ).toBe('TAG_NOT_FOUND_ERROR');
    expect((await changeEntry(outsider, { kind: 'label', id: ours.id, name: 'Hijacked' })).code).toBe(
      'TAG_NOT_FOUND_ERROR',
    );
    expect((await labelNamed(space.admin, 'Ecosystem grant')).id).toBe(ours.id);
  });

  it('renames, moves, disables and deletes custom entries; system ones are only switched on and off', async () => {
    const grant = await labelNamed(space.admin, 'Ecosystem grant');
    const payroll = await labelNamed(space.admin, 'Payroll');
    expect(
      (await changeEntry(space.admin, { kind: 'label', id: grant.id, name: 'Builder grant' })).code,
    ).toBe('OK');
    expect((await changeEntry(space.admin, { kind: 'label', id: grant.id, name: 'payroll' })).code).toBe(
      'LABEL_DUPLICATE_ERROR',
    );
    const renameSystem = await changeEntry(space.admin, { kind: 'label', id: payroll.id, name: 'Salaries' });
    expect(renameSystem.code).toBe('TAG_UPDATE_ERROR');
    expect(JSON.parse(renameSystem.raw).data).toEqual({ reason: 'system_entry' });
    expect((await changeEntry(space.admin, { kind: 'label', id: payroll.id, status: -2 })).code).toBe(
      'TAG_UPDATE_ERROR',
    );

    expect((await changeEntry(space.admin, { kind: 'label', id: payroll.id, status: 2 })).code).toBe('OK');
    const enabled = (await tree(space.admin, '/api/v1/label-config/tree')).flatMap((c) => c.labels);
    expect(enabled.map((l) => l.id)).not.toContain(payroll.id);
    expect((await labelNamed(space.admin, 'Payroll')).status).toBe(2);
    expect((await changeEntry(space.admin, { kind: 'label', id: payroll.id, status: 1 })).code).toBe('OK');

    // Move the grant to Treasury, then delete the emptied category.
    const treasury = (await tree(space.admin)).find((c) => c.code === 'treasury')!;
    const grants = (await tree(space.admin)).find((c) => c.name === 'Grants')!;
    const tmp = await addEntry(space.admin, { kind: 'label', name: 'Temporary', category_id: grants.id });
    expect(
      (await changeEntry(space.admin, { kind: 'label', id: grant.id, category_id: treasury.id })).code,
    ).toBe('OK');
    const notEmpty = await changeEntry(space.admin, { kind: 'category', id: grants.id, status: -2 });
    expect(notEmpty.code).toBe('TAG_UPDATE_ERROR');
    expect(JSON.parse(notEmpty.raw).data).toEqual({ reason: 'category_not_empty' });
    expect((await changeEntry(space.admin, { kind: 'label', id: tmp.data.id, status: -2 })).code).toBe('OK');
    expect((await changeEntry(space.admin, { kind: 'category', id: grants.id, status: -2 })).code).toBe('OK');
    expect((await tree(space.admin)).map((c) => c.name)).not.toContain('Grants');
    // A deleted name is free again; a deleted entry cannot be changed.
    expect((await addEntry(space.admin, { kind: 'category', name: 'Grants' })).code).toBe('OK');
    expect((await changeEntry(space.admin, { kind: 'label', id: tmp.data.id, status: 1 })).code).toBe(
      'TAG_NOT_FOUND_ERROR',
    );
    const moved = await labelNamed(space.admin, 'Builder grant');
    expect(moved.category_code).toBe('treasury');

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('operation')
      .where('organization_id', '=', space.spaceId)
      .where('type', '=', 'organization')
      .where('operation', 'like', 'label%')
      .execute();
    expect(audit.map((row) => row.operation)).toContain('label_category_create');
    expect(audit.map((row) => row.operation)).toContain('label_update');
  });

  it('pages the settings table with filters, who changed an entry and how often it is used', async () => {
    const page = await space.admin.client.get<{ list: LabelConfigItem[]; total: number }>(
      '/api/v1/label-config',
      { keyword: 'grant' },
    );
    expect(page.data.list.map((l) => l.name)).toEqual(['Builder grant']);
    expect(page.data.list[0]!.operator?.user_id).toBe(space.admin.userId);
    const system = await space.admin.client.get<{ list: LabelConfigItem[]; total: number }>(
      '/api/v1/label-config',
      { page_size: 3 },
    );
    expect(system.data.total).toBe(11);
    expect(system.data.list).toHaveLength(3);
    // Payroll was switched off and on by the admin; Supplier payment was never touched.
    expect(system.data.list[0]!.operator?.user_id).toBe(space.admin.userId);
    expect(system.data.list[1]!.operator).toBeNull();
    const literal = await space.admin.client.get<{ list: LabelConfigItem[] }>('/api/v1/label-config', {
      keyword: '%',
    });
    expect(literal.data.list).toEqual([]);
  });
});

describe('the fund purpose of transfers', () => {
  const transfer = (who: Person, extra: object = {}) =>
    who.client.post<{ task_id: number; label_id: number | null; fund_purpose: Label | null }>(
      '/api/v1/task',
      {
        wallet_id: safe.walletId,
        to: keyAddress(20),
        amount: '0.001',
        ...extra,
      },
    );
  const switchTags = (open: boolean) =>
    space.admin.client.put('/api/v1/wallets/open-asset-tag', { wallet_id: safe.walletId, open });
  let taskId: number;

  it('is optional while the switch is off, and required once it is on', async () => {
    expect((await transfer(operator())).code).toBe('OK');
    expect((await switchTags(true)).code).toBe('OK');
    const missing = await transfer(operator());
    expect(missing.code).toBe('TRANSFER_PURPOSE_REQUIRED_ERROR');
    const offer = await operator().client.get<{ recent: Label[]; tree: LabelCategory[]; required: boolean }>(
      '/api/v1/label-transfer',
      { wallet_id: safe.walletId },
    );
    expect(offer.data.required).toBe(true);
    expect(offer.data.recent).toEqual([]);
  });

  it('must be an enabled label of the space', async () => {
    const payroll = await labelNamed(space.admin, 'Payroll');
    await changeEntry(space.admin, { kind: 'label', id: payroll.id, status: 2 });
    expect((await transfer(operator(), { label_id: payroll.id })).code).toBe('TAG_NOT_FOUND_ERROR');
    await changeEntry(space.admin, { kind: 'label', id: payroll.id, status: 1 });
    const theirs = await labelNamed(outsider, 'Refund');
    expect((await transfer(operator(), { label_id: theirs.id })).code).toBe('TAG_NOT_FOUND_ERROR');
  });

  it('is stored with the transfer, named in its replies, lists, filter and export, and offered first next time', async () => {
    const payroll = await labelNamed(space.admin, 'Payroll');
    const created = await transfer(operator(), { label_id: payroll.id });
    expect(created.code).toBe('OK');
    taskId = created.data.task_id;
    expect(created.data.fund_purpose).toMatchObject({
      id: payroll.id,
      code: 'payroll',
      category_code: 'operations',
    });

    const info = await viewer().client.get<{ fund_purpose: Label | null }>('/api/v1/task/info', {
      task_id: taskId,
    });
    expect(info.data.fund_purpose?.name).toBe('Payroll');
    const filtered = await space.admin.client.get<{ list: Array<{ task_id: number; fund_purpose: Label }> }>(
      '/api/v1/transfer/list',
      { label_id: payroll.id },
    );
    expect(filtered.data.list.map((row) => row.task_id)).toEqual([taskId]);
    expect(filtered.data.list[0]!.fund_purpose.name).toBe('Payroll');
    const csv = await space.admin.client.get('/api/v1/transfer/list/export', { label_id: payroll.id });
    const [header, row] = csv.raw
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header!.split(',').at(-1)).toBe('fund_purpose');
    expect(row!.split(',').at(-1)).toBe('Payroll');

    const offer = await operator().client.get<{ recent: Label[] }>('/api/v1/label-transfer', {
      wallet_id: safe.walletId,
    });
    expect(offer.data.recent.map((l) => l.id)).toEqual([payroll.id]);
    const page = await space.admin.client.get<{ list: LabelConfigItem[] }>('/api/v1/label-config', {
      keyword: 'payroll',
    });
    expect(page.data.list[0]!.used_count).toBe(1);
  });

  it("changes on the wallet's operators' and admins' word, with its history and audit", async () => {
    const grant = await labelNamed(space.admin, 'Builder grant');
    const set = (who: Person, labelId: number | null) =>
      who.client.post('/api/v1/label/set', { task_id: taskId, label_id: labelId });
    expect((await set(viewer(), grant.id)).code).toBe('PERMISSION_WALLET_OPERATE_ERROR');
    expect((await set(outsider, grant.id)).code).toBe('TASK_NOT_FOUND_ERROR');
    expect((await set(operator(), grant.id)).code).toBe('OK');
    expect((await set(operator(), null)).code).toBe('TRANSFER_PURPOSE_REQUIRED_ERROR');
    await switchTags(false);
    expect((await set(space.admin, null)).code).toBe('OK');

    const history = await viewer().client.get<{
      list: Array<{ label: Label | null; previous: Label | null; user: { user_id: number } }>;
    }>('/api/v1/label-record', { task_id: taskId });
    expect(history.data.list.map((r) => [r.previous?.name ?? null, r.label?.name ?? null])).toEqual([
      ['Builder grant', null],
      ['Payroll', 'Builder grant'],
      [null, 'Payroll'],
    ]);
    expect(history.data.list[0]!.user.user_id).toBe(space.admin.userId);
    expect((await outsider.client.get('/api/v1/label-record', { task_id: taskId })).code).toBe(
      'TASK_NOT_FOUND_ERROR',
    );
    const audit = await transferAudit(t, taskId);
    expect(audit.filter((row) => row.operation === 'label_set').map((row) => row.user_id)).toEqual([
      operator().userId,
      space.admin.userId,
    ]);
  });
});
