import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSpace, person } from '../../../test/space-helpers';
import { canonicalJson, legacyAuditHash, writeAudit, GENESIS_HASH } from './audit.service';
import { upgradeLegacyAuditChains } from './audit-upgrade';
import { sealPending } from './audit-sealer';
import { verifyAuditChains } from './audit-verify';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ AUDIT_HMAC_KEY: 'audit-test-key-audit-test-key-0123456789' }, { chains: [] });
  key = t.ctx.config.auditKey;
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
        location: 'Lisbon',
      }),
    );
  }
  // Sealed now (the app's sealer would do it a moment after the commits), so tests tamper sealed rows.
  await sealPending(t.ctx.db, key);
}

async function ids(org: number): Promise<number[]> {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .select('id')
    .where('organization_id', '=', org)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

const verify = (org?: number) => verifyAuditChains(t.ctx.db, key, org);

describe('audit hash chain', () => {
  it('verifies an intact chain, including content whose key order jsonb changes', async () => {
    await seed(101, 5);
    const report = await verify(101);
    expect(report).toMatchObject({ chains: 1, rows: 5, broken: [] });
  });

  it('detects an edited row, a deleted row and a forged insert', async () => {
    await seed(201, 4);
    await seed(202, 4);
    await seed(203, 4);
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
    const report = await verify();
    const of = (chain: string) => report.broken.filter((b) => b.chain === chain);
    expect(of('space 201')).toEqual([{ chain: 'space 201', rowId: edited, reason: 'hash mismatch' }]);
    expect(of('space 202')).toEqual([{ chain: 'space 202', rowId: after, reason: 'link mismatch' }]);
    expect(of('space 203').map((b) => b.reason)).toEqual(['hash mismatch', 'checkpoint mismatch']);
  });

  it('covers the location column', async () => {
    await seed(211, 3);
    const [first] = await ids(211);
    await t.ctx.db.updateTable('audit_log').set({ location: 'Elsewhere' }).where('id', '=', first!).execute();
    expect((await verify(211)).broken).toEqual([
      { chain: 'space 211', rowId: first, reason: 'hash mismatch' },
    ]);
  });

  it('reports every broken row, not only the first', async () => {
    await seed(221, 5);
    const all = await ids(221);
    await t.ctx.db
      .updateTable('audit_log')
      .set({ operation: 'x' })
      .where('id', 'in', [all[1]!, all[3]!])
      .execute();
    expect((await verify(221)).broken.map((b) => b.rowId)).toEqual([all[1], all[3]]);
  });

  it('detects deleting the newest rows (the signed checkpoint is ahead of the chain)', async () => {
    await seed(231, 5);
    const all = await ids(231);
    await t.ctx.db.deleteFrom('audit_log').where('id', 'in', [all[3]!, all[4]!]).execute();
    expect((await verify(231)).broken).toEqual([
      { chain: 'space 231', rowId: all[2], reason: 'rows missing after checkpoint' },
    ]);
    await seed(232, 2);
    await t.ctx.db.deleteFrom('audit_log').where('organization_id', '=', 232).execute();
    expect((await verify(232)).broken).toEqual([
      { chain: 'space 232', rowId: null, reason: 'rows missing after checkpoint' },
    ]);
  });

  it('detects a row rewritten and the later hashes recomputed with the public algorithm', async () => {
    await seed(241, 4);
    const rows = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('organization_id', '=', 241)
      .orderBy('id')
      .execute();
    let prev = GENESIS_HASH;
    for (const [i, row] of rows.entries()) {
      const operation = i === 1 ? 'rewritten' : row.operation;
      const hash = legacyAuditHash({
        id: Number(row.id),
        seq: Number(row.seq),
        prev_hash: prev,
        organization_id: 241,
        user_id: 7,
        type: row.type,
        operation,
        content: canonicalJson(row.content),
        ip: row.ip,
        location: row.location,
        created_at: new Date(row.created_at).toISOString(),
      });
      // Even claiming the rows are legacy ones does not help: the checkpoint names the old head.
      await t.ctx.db
        .updateTable('audit_log')
        .set({ operation, prev_hash: prev, hash, hash_version: 1 })
        .where('id', '=', row.id)
        .execute();
      prev = hash;
    }
    const report = await verify(241);
    expect(report.broken).toContainEqual({
      chain: 'space 241',
      rowId: Number(rows[3]!.id),
      reason: 'checkpoint mismatch',
    });
    // Forging a checkpoint without the key does not work either.
    await t.ctx.db
      .updateTable('audit_checkpoints')
      .set({ head_hash: prev })
      .where('chain', '=', 'space 241')
      .execute();
    expect((await verify(241)).broken).toContainEqual({
      chain: 'space 241',
      rowId: null,
      reason: 'checkpoint signature invalid',
    });
    // And a verifier with another key rejects every row.
    await seed(242, 2);
    expect(
      (await verifyAuditChains(t.ctx.db, 'another-key-another-key-another-key-0', 242)).broken,
    ).toHaveLength(3);
  });

  it('upgrades chains written before keyed hashes, and refuses a tampered one', async () => {
    const legacy = async (org: number, count: number) => {
      let prev = GENESIS_HASH;
      for (let seq = 1; seq <= count; seq += 1) {
        const createdAt = new Date(Date.now() - (count - seq) * 1000).toISOString();
        const base = {
          seq,
          prev_hash: prev,
          organization_id: org,
          user_id: 3,
          type: 'wallet',
          operation: `old-${seq}`,
          content: '{}',
          ip: '10.0.0.2',
          location: null,
          created_at: createdAt,
        };
        const hash = legacyAuditHash({ ...base, id: 0 });
        await t.ctx.db
          .insertInto('audit_log')
          .values({ ...base, hash, hash_version: 1 })
          .execute();
        prev = hash;
      }
    };
    await legacy(251, 3);
    await legacy(252, 3);
    const [, tampered] = await ids(252);
    await t.ctx.db.updateTable('audit_log').set({ operation: 'x' }).where('id', '=', tampered!).execute();
    expect((await verify(251)).broken).toEqual([
      { chain: 'space 251', rowId: null, reason: 'checkpoint missing' },
    ]);
    const result = await upgradeLegacyAuditChains(t.ctx.db, key);
    expect(result.upgraded).toContain('space 251');
    // 252 was edited; 241 (rewritten above as "legacy" rows) already had a signed checkpoint.
    expect(result.refused).toEqual(expect.arrayContaining(['space 241', 'space 252']));
    expect(result.upgraded).not.toContain('space 241');
    expect((await verify(251)).broken).toEqual([]);
    const versions = await t.ctx.db
      .selectFrom('audit_log')
      .select('hash_version')
      .where('organization_id', '=', 251)
      .execute();
    expect(versions.map((v) => Number(v.hash_version))).toEqual([2, 2, 2]);
    await seed(251, 1);
    expect((await verify(251)).broken).toEqual([]);
    expect((await verify(252)).broken.map((b) => b.reason)).toEqual(['hash mismatch', 'checkpoint missing']);
  });

  it('keeps one unforked chain under concurrent writers', async () => {
    // The first round races on a chain without a checkpoint, the second on its checkpoint row.
    for (const round of [0, 1]) {
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.ctx.db.transaction().execute(async (trx) => {
            await writeAudit(trx, {
              organizationId: 301,
              userId: i,
              type: 't',
              operation: `c-${round}-${i}`,
            });
            await writeAudit(trx, {
              organizationId: 301,
              userId: i,
              type: 't',
              operation: `d-${round}-${i}`,
            });
          }),
        ),
      );
    }
    const report = await verify(301);
    expect(report.rows).toBe(48);
    expect(report.broken).toEqual([]);
  });

  it('GET /audit-log/verify lists every broken row of the space', async () => {
    const owner = await person(t, { mfa: true, prefix: 'auditor' });
    const spaceId = await createSpace(owner, 'Audited');
    await seed(spaceId, 3);
    const all = await ids(spaceId);
    await t.ctx.db
      .updateTable('audit_log')
      .set({ location: 'Nowhere' })
      .where('id', 'in', [all[0]!, all[2]!])
      .execute();
    await t.ctx.db
      .deleteFrom('audit_log')
      .where('id', '=', all[all.length - 1]!)
      .execute();
    const reply = await owner.client.get<{
      intact: boolean;
      broken: Array<{ rowId: number | null; reason: string }>;
    }>('/api/v1/audit-log/verify');
    expect(reply.data.intact).toBe(false);
    expect(reply.data.broken).toEqual([
      { chain: `space ${spaceId}`, rowId: all[0], reason: 'hash mismatch' },
      { chain: `space ${spaceId}`, rowId: all[2], reason: 'hash mismatch' },
      { chain: `space ${spaceId}`, rowId: all[all.length - 2], reason: 'rows missing after checkpoint' },
    ]);
  });
});
