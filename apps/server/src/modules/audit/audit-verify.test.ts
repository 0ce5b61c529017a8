import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { writeAudit } from './audit.service';
import { verifyAuditChains } from './audit-verify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chains: [] });
});
afterAll(() => t.close());

async function seed(organizationId: number, count: number) {
  for (let i = 0; i < count; i += 1) {
    await t.ctx.db.transaction().execute((trx) =>
      writeAudit(trx, {
        organizationId,
        userId: 7,
        type: 'wallet',
        operation: `op-${i}`,
        content: { zeta: i, alpha: { b: 2, a: [1, 'x'] } },
        ip: '10.0.0.1',
      }),
    );
  }
}

describe('audit hash chain', () => {
  it('verifies an intact chain, including content whose key order jsonb changes', async () => {
    await seed(101, 5);
    const report = await verifyAuditChains(t.ctx.db, 101);
    expect(report).toMatchObject({ chains: 1, rows: 5, broken: [] });
  });

  it('detects an edited row, a deleted row and a forged insert', async () => {
    await seed(201, 4);
    await seed(202, 4);
    await seed(203, 4);
    const ids = async (org: number) =>
      (
        await t.ctx.db
          .selectFrom('audit_log')
          .select('id')
          .where('organization_id', '=', org)
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    const [, edited] = await ids(201);
    await t.ctx.db
      .updateTable('audit_log')
      .set({ operation: 'nothing to see' })
      .where('id', '=', edited!)
      .execute();
    const [, deleted, after] = await ids(202);
    await t.ctx.db.deleteFrom('audit_log').where('id', '=', deleted!).execute();
    await t.ctx.db
      .insertInto('audit_log')
      .values({
        organization_id: 203,
        user_id: 7,
        type: 'wallet',
        operation: 'forged',
        content: '{}',
        ip: null,
        seq: 5,
        prev_hash: 'f'.repeat(64),
        hash: 'e'.repeat(64),
      })
      .execute();
    const report = await verifyAuditChains(t.ctx.db);
    const byChain = Object.fromEntries(report.broken.map((b) => [b.chain, b]));
    expect(byChain['space 201']).toEqual({ chain: 'space 201', rowId: edited, reason: 'hash mismatch' });
    expect(byChain['space 202']).toEqual({ chain: 'space 202', rowId: after, reason: 'link mismatch' });
    expect(byChain['space 203']?.reason).toBe('hash mismatch');
  });

  it('keeps one unforked chain under concurrent writers', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.ctx.db
          .transaction()
          .execute((trx) =>
            writeAudit(trx, { organizationId: 301, userId: i, type: 't', operation: `c-${i}` }),
          ),
      ),
    );
    const report = await verifyAuditChains(t.ctx.db, 301);
    expect(report.rows).toBe(12);
    expect(report.broken).toEqual([]);
  });
});
