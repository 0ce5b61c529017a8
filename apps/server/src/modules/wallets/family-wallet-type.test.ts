// §3 family wallet address types: a family space's wallets say what they are for (3 inheritance,
// 4 common — the default —, 5 backup/shared), set when created and changed with the name; a
// company space has none and refuses one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { transferSpace, type TransferSpace } from '../../../test/transfer-helpers';
import { generatePrivateKey } from 'viem/accounts';
import { verifiedSigner } from '../../../test/wallet-helpers';

let t: TestApp;
let family: TransferSpace;
let company: TransferSpace;

/** Each space's two verified signer keys (the admin's and the member's), read once. */
const signerIds = new Map<TransferSpace, number[]>();
const walletBody = (space: TransferSpace, extra: object) => ({
  name: 'Household',
  chain_key: '31337',
  signers: signerIds.get(space)!,
  threshold: 2,
  operators: [space.admin.userId],
  ...extra,
});
const baseInfo = async (space: TransferSpace, walletId: number) =>
  (
    await space.admin.client.get<{ family_address_type: number | null }>('/api/v1/wallets/base-info', {
      wallet_id: walletId,
    })
  ).data.family_address_type;

beforeAll(async () => {
  t = await createTestApp();
  family = await transferSpace(t, 1, 'The Smiths', 2);
  company = await transferSpace(t, 1, 'Acme');
  for (const space of [family, company])
    signerIds.set(space, [
      (await verifiedSigner(space.admin, generatePrivateKey(), 'Admin key')).id,
      (await verifiedSigner(space.members[0]!, generatePrivateKey(), 'Member key')).id,
    ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('family wallet address types', () => {
  it('a family wallet is common unless created as an inheritance or backup wallet', async () => {
    const plain = await family.admin.client.post<{ wallet_id: number }>(
      '/api/v1/wallets/multi',
      walletBody(family, { name: 'Everyday' }),
    );
    expect(plain.code, plain.raw).toBe('OK');
    expect(await baseInfo(family, plain.data.wallet_id)).toBe(4);

    const created = await family.admin.client.post<{ wallet_id: number; family_address_type: number }>(
      '/api/v1/wallets/multi',
      walletBody(family, { name: 'For the kids', family_address_type: 3 }),
    );
    expect(created.code, created.raw).toBe('OK');
    expect(await baseInfo(family, created.data.wallet_id)).toBe(3);
    const list = await family.admin.client.get<{
      list: Array<{ wallet_id: number; family_address_type: number }>;
    }>('/api/v1/wallets');
    expect(list.data.list.find((w) => w.wallet_id === created.data.wallet_id)?.family_address_type).toBe(3);

    const wrong = await family.admin.client.post(
      '/api/v1/wallets/multi',
      walletBody(family, { name: 'Odd', family_address_type: 7 }),
    );
    expect(wrong.code).toBe('PARAMS_INVALID_ERROR');
  });

  it('changes with the name, audited; a member without the right cannot', async () => {
    const created = await family.admin.client.post<{ wallet_id: number }>(
      '/api/v1/wallets/multi',
      walletBody(family, { name: 'Savings' }),
    );
    const walletId = created.data.wallet_id;
    const renamed = await family.admin.client.post('/api/v1/wallets/name', {
      wallet_id: walletId,
      name: 'Savings',
      family_address_type: 5,
    });
    expect(renamed.code, renamed.raw).toBe('OK');
    expect(await baseInfo(family, walletId)).toBe(5);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('content')
      .where('organization_id', '=', family.spaceId)
      .where('operation', '=', 'rename')
      .execute();
    expect(audit.map((row) => row.content)).toContainEqual(
      expect.objectContaining({ family_address_type: { from: 4, to: 5 } }),
    );

    const member = await family.members[0]!.client.post('/api/v1/wallets/name', {
      wallet_id: walletId,
      name: 'Mine',
      family_address_type: 3,
    });
    expect(member.code).toMatch(/^PERMISSION_/);
    expect(await baseInfo(family, walletId)).toBe(5);
  });

  it('a company space has none and refuses one', async () => {
    const refused = await company.admin.client.post(
      '/api/v1/wallets/multi',
      walletBody(company, { family_address_type: 4 }),
    );
    expect(refused.code).toBe('FEATURE_NOT_SUPPORTED_ERROR');
    const created = await company.admin.client.post<{ wallet_id: number }>(
      '/api/v1/wallets/multi',
      walletBody(company, {}),
    );
    expect(created.code, created.raw).toBe('OK');
    expect(await baseInfo(company, created.data.wallet_id)).toBeNull();
    const renamed = await company.admin.client.post('/api/v1/wallets/name', {
      wallet_id: created.data.wallet_id,
      name: 'Ops',
      family_address_type: 3,
    });
    expect(renamed.code).toBe('FEATURE_NOT_SUPPORTED_ERROR');
    expect(await baseInfo(company, created.data.wallet_id)).toBeNull();
  });
});
