import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSafe, transferSpace } from '../../../test/transfer-helpers';
import { writeAudit } from './audit.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** CSV lines after the header, each split into cells (no cell here holds a comma or quote). */
const csvCells = (raw: string) =>
  raw
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

describe('audit log in words', () => {
  it('the list names the wallet and the transfer; the CSV says what happened in the caller language', async () => {
    const { admin, spaceId, members } = await transferSpace(t, 1, 'Words');
    const { walletId } = await createSafe(
      t,
      admin,
      {
        signers: [
          { who: members[0]!, key: 26 },
          { who: admin, key: 27 },
        ],
        threshold: 2,
        operators: [admin],
        deployFrom: 7,
        deploy: false,
      },
      'Payments',
    );
    expect(
      (await admin.client.post('/api/v1/wallets/name', { wallet_id: walletId, name: 'Treasury' })).code,
    ).toBe('OK');
    // A revoked transfer and an operation no sentence knows, written as the commands write them.
    await t.ctx.db.transaction().execute(async (trx) => {
      await writeAudit(trx, {
        organizationId: spaceId,
        userId: admin.userId,
        type: 'transfer',
        operation: 'revoke',
        ip: '127.0.0.1',
        content: { task_id: 2, stage: 0, comment: null },
      });
      await writeAudit(trx, {
        organizationId: spaceId,
        userId: null,
        type: 'wallet',
        operation: 'colour_change',
        content: { wallet_id: walletId },
      });
    });

    const page = await admin.client.get<{
      list: Array<{
        operation: string;
        wallet_name: string | null;
        task_number: string | null;
        space_user: string | null;
      }>;
    }>('/api/v1/audit-log', { page: 1, page_size: 10 });
    const byOperation = new Map(page.data.list.map((row) => [row.operation, row]));
    expect(byOperation.get('create_multi')).toMatchObject({ wallet_name: 'Treasury', task_number: null });
    expect(byOperation.get('revoke')).toMatchObject({ task_number: 'T000002' });

    const csv = await admin.client.get('/api/v1/audit-log/export');
    const [header, ...rows] = csvCells(csv.raw);
    expect(header).toEqual([
      'time',
      'type',
      'operation',
      'action',
      'wallet',
      'transfer',
      'space_user',
      'ip',
      'location',
      'content',
    ]);
    const actor = byOperation.get('create_multi')!.space_user!;
    const line = (operation: string) => rows.find((row) => row[2] === operation)!;
    expect(line('create_multi').slice(3, 6)).toEqual([`${actor} created wallet Treasury`, 'Treasury', '']);
    expect(line('rename')[3]).toBe(`${actor} renamed wallet Payments to Treasury`);
    expect(line('revoke').slice(3, 6)).toEqual([
      `${actor} revoked T000002 while it was Pending approval`,
      '',
      'T000002',
    ]);
    expect(line('colour_change')[3]).toBe('The system did “colour change” (Wallet)');
    expect(line('create')[3]).toBe(`${actor} created the space Words`);

    admin.client.language = 'zh-CN';
    const chinese = csvCells((await admin.client.get('/api/v1/audit-log/export')).raw);
    expect(chinese.find((row) => row[2] === 'revoke')![3]).toBe(`${actor} 在待审批阶段撤销了 T000002`);
    expect(chinese.find((row) => row[2] === 'create_multi')![3]).toBe(`${actor} 创建了钱包 Treasury`);
  });
});
