import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { writeAudit } from './audit.service';
import { sealPending } from './audit-sealer';
import { verifyAuditChains } from './audit-verify';

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ AUDIT_HMAC_KEY: 'audit-sealer-key-audit-sealer-key-0123' }, { chains: [] });
  key = t.ctx.config.auditKey;
});
afterAll(() => t.close());

const append = (organizationId: number, operation: string) =>
  t.ctx.db
    .transaction()
    .execute((trx) =>
      writeAudit(trx, { organizationId, userId: 9, type: 'wallet', operation, content: { n: 1 } }),
    );

const rowsOf = (organizationId: number) =>
  t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();

describe('audit sealer', () => {
  it('seals a committed row after its commit, woken by the commit itself', async () => {
    await append(401, 'first');
    await append(401, 'second');
    // Nobody calls the sealer here: the app's own, woken by the commits' NOTIFY, links the rows.
    await vi.waitFor(async () => expect((await rowsOf(401)).map((row) => row.seq)).toEqual([1, 2]), {
      timeout: 10_000,
      interval: 25,
    });
    const [first, second] = await rowsOf(401);
    expect(second!.prev_hash).toBe(first!.hash);
    expect((await verifyAuditChains(t.ctx.db, key, 401)).broken).toEqual([]);
  });

  it('leaves a row rolled back with its command out of the chain', async () => {
    await append(402, 'kept');
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await writeAudit(trx, { organizationId: 402, userId: 9, type: 'wallet', operation: 'undone' });
        throw new Error('the command fails after its audit row');
      }),
    ).rejects.toThrow('the command fails');
    await append(402, 'kept too');
    await sealPending(t.ctx.db, key);
    const rows = await rowsOf(402);
    expect(rows.map((row) => [row.operation, row.seq])).toEqual([
      ['kept', 1],
      ['kept too', 2],
    ]);
    expect((await verifyAuditChains(t.ctx.db, key, 402)).broken).toEqual([]);
  });

  it('does not seal a row written without the key, and verification names it', async () => {
    await append(403, 'real');
    const forged = await t.ctx.db
      .insertInto('audit_log')
      .values({
        organization_id: 403,
        user_id: 9,
        type: 'wallet',
        operation: 'forged, waiting to be sealed',
        content: '{}',
        hash_version: 3,
        entry_mac: `nonce.${'ab'.repeat(32)}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await append(403, 'real too');
    await sealPending(t.ctx.db, key);
    const rows = await rowsOf(403);
    expect(rows.map((row) => [row.operation, row.seq])).toEqual([
      ['real', 1],
      ['forged, waiting to be sealed', null],
      ['real too', 2],
    ]);
    expect((await verifyAuditChains(t.ctx.db, key, 403)).broken).toEqual([
      { chain: 'space 403', rowId: Number(forged.id), reason: 'entry mac invalid' },
    ]);
  });

  it('refuses a copy of a row (each entry MAC is unique), so no entry is sealed twice', async () => {
    await append(404, 'once');
    const [row] = await rowsOf(404);
    const { id: _id, seq: _seq, prev_hash: _prev, hash: _hash, content, ...copy } = row!;
    const insert = { ...copy, content: JSON.stringify(content) };
    await expect(t.ctx.db.insertInto('audit_log').values(insert).execute()).rejects.toThrow(
      /audit_log_entry_mac/,
    );
  });

  it('seals nothing with another key, and spoils nothing', async () => {
    await append(405, 'a');
    await append(405, 'b');
    // The app's sealer may seal them first; either way the wrong key must not touch them.
    await sealPending(t.ctx.db, 'not-the-key-not-the-key-not-the-key-00');
    await sealPending(t.ctx.db, key);
    expect((await rowsOf(405)).map((row) => row.seq)).toEqual([1, 2]);
    expect((await verifyAuditChains(t.ctx.db, key, 405)).broken).toEqual([]);
  });

  it('seals more rows than one batch, in one contiguous chain', async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 520; i += 1)
        await writeAudit(trx, { organizationId: 406, userId: 9, type: 'wallet', operation: `op-${i}` });
    });
    await sealPending(t.ctx.db, key);
    const rows = await rowsOf(406);
    expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_, i) => i + 1));
    expect(await verifyAuditChains(t.ctx.db, key, 406)).toMatchObject({ rows: 520, broken: [] });
  });
});
