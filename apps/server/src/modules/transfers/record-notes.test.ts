// Remarks and cost prices of on-chain records (§7 PATCH /transfer/remark, /transfer/cost-price).
// The record is a real deposit: SOL paid into an imported Solana account on the local Solana VM
// (packages/solana-devnet) and recorded by the deposit watcher.
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SolanaDevnet } from '@keystead/solana-devnet';
import type { TestApp } from '../../../test/test-app';
import { solanaTestApp } from '../../../test/solana-helpers';
import type { TransferSpace } from '../../../test/transfer-helpers';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import { recordDeposits } from '../../jobs/deposit-scan';

const SOL = 1_000_000_000n;

describe('remarks and cost prices of on-chain records', () => {
  let devnet: SolanaDevnet;
  let t: TestApp;
  let space: TransferSpace;
  let walletId: number;
  let recordId: number;
  const operator = () => space.members[0]!;
  const viewer = () => space.members[1]!;
  const bystander = () => space.members[2]!;

  beforeAll(async () => {
    ({ devnet, t, space } = await solanaTestApp(3, 'Notes desk'));
    // An ordinary account imported as a wallet (its key signs the challenge), then a deposit into it.
    const hot = Keypair.generate();
    const imported = await space.admin.client.post<{
      wallet_id: number;
      challenge_id: number;
      message: string;
    }>('/api/v1/wallets/single', {
      name: 'Hot SOL',
      chain_key: 'sol-devnet',
      address: hot.publicKey.toBase58(),
    });
    walletId = imported.data.wallet_id;
    const signature = base58.encode(
      ed25519.sign(new TextEncoder().encode(imported.data.message), hot.secretKey.slice(0, 32)),
    );
    const verified = await space.admin.client.post('/api/v1/wallets/verify', {
      wallet_id: walletId,
      challenge_id: imported.data.challenge_id,
      signature,
    });
    expect(verified.code).toBe('OK');
    const roles = (path: string, user: number) =>
      space.admin.client.put(`/api/v1/wallets/${path}`, { wallet_id: walletId, user_ids: [user] });
    expect((await roles('operator', operator().userId)).code).toBe('OK');
    expect((await roles('viewer', viewer().userId)).code).toBe('OK');
    // The scan reads up to the slot before the newest (a slot may still take transactions): the
    // cursor starts behind a fresh slot, the deposit lands in it, and the next slot brings it in.
    devnet.advance();
    await recordDeposits(t.ctx);
    devnet.airdrop(hot.publicKey.toBase58(), 3n * SOL);
    await recordDeposits(t.ctx);
    const records = await space.admin.client.get<{ list: Array<{ id: number; amount: string }> }>(
      '/api/v1/transfer/records',
      { wallet_id: walletId },
    );
    expect(records.data.list).toHaveLength(1);
    recordId = records.data.list[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await devnet?.close();
  });

  const remark = (who: Person, body: object) =>
    who.client.patch<{ id: number; remark: string | null; cost_price: string | null }>(
      '/api/v1/transfer/remark',
      body,
    );
  const costPrice = (who: Person, body: object) =>
    who.client.patch<{ id: number; remark: string | null; cost_price: string | null }>(
      '/api/v1/transfer/cost-price',
      body,
    );
  const stored = () =>
    t.ctx.db
      .selectFrom('transfer_records')
      .select(['remark', 'cost_price', 'noted_by'])
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
  const auditRows = () =>
    t.ctx.db
      .selectFrom('audit_log')
      .select(['operation', 'content', 'user_id'])
      .where('organization_id', '=', space.spaceId)
      .where('operation', 'in', ['record_remark', 'record_cost_price'])
      .orderBy('id')
      .execute();

  it('the wallet’s operator writes a remark and a cost price; the record shows them; each is audited', async () => {
    const written = await remark(operator(), { id: recordId, remark: '  Seed round, tranche 1  ' });
    expect(written).toMatchObject({ code: 'OK', data: { id: recordId, remark: 'Seed round, tranche 1' } });
    const priced = await costPrice(operator(), { id: recordId, cost_price: '142.50' });
    expect(priced.data).toMatchObject({ remark: 'Seed round, tranche 1', cost_price: '142.5' });
    const info = await viewer().client.get<{ remark: string | null; cost_price: string | null }>(
      '/api/v1/transfer/info',
      { id: recordId },
    );
    expect(info.data).toMatchObject({ remark: 'Seed round, tranche 1', cost_price: '142.5' });
    const listed = await space.admin.client.get<{ list: Array<{ remark: string | null }> }>(
      '/api/v1/transfer/records',
      { wallet_id: walletId },
    );
    expect(listed.data.list[0]!.remark).toBe('Seed round, tranche 1');
    expect((await stored()).noted_by).toBe(operator().userId);
    const audit = await auditRows();
    expect(audit.map((row) => row.operation)).toEqual(['record_remark', 'record_cost_price']);
    const content = (row: (typeof audit)[number]) =>
      (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as Record<string, unknown>;
    expect(content(audit[1]!)).toMatchObject({
      wallet_id: walletId,
      record_id: recordId,
      before: null,
      after: '142.5',
    });
  });

  it('an admin without a wallet role may write; an empty remark and a null price clear them', async () => {
    expect((await remark(space.admin, { id: recordId, remark: '' })).data.remark).toBeNull();
    expect((await costPrice(space.admin, { id: recordId, cost_price: null })).data.cost_price).toBeNull();
    expect(await stored()).toMatchObject({ remark: null, cost_price: null, noted_by: space.admin.userId });
  });

  it('a viewer may read but not write; someone without a role, or of another space, cannot tell it exists', async () => {
    const before = await stored();
    const audited = (await auditRows()).length;
    expect((await remark(viewer(), { id: recordId, remark: 'x' })).code).toBe(
      'PERMISSION_WALLET_OPERATE_ERROR',
    );
    const hidden = await remark(bystander(), { id: recordId, remark: 'x' });
    const missing = await remark(bystander(), { id: 9_999_999, remark: 'x' });
    expect(hidden.code).toBe('TASK_NOT_FOUND_ERROR');
    expect([hidden.code, hidden.message]).toEqual([missing.code, missing.message]);
    const stranger = await person(t, { mfa: true, prefix: 'notes-stranger' });
    await createSpace(stranger, 'Elsewhere');
    expect((await costPrice(stranger, { id: recordId, cost_price: '1' })).code).toBe('TASK_NOT_FOUND_ERROR');
    expect(await stored()).toEqual(before);
    expect((await auditRows()).length).toBe(audited);
  });

  it('bad input: a remark over 200 characters, a price that is not a plain decimal; nothing written', async () => {
    const before = await stored();
    expect((await remark(operator(), { id: recordId, remark: 'x'.repeat(201) })).code).toMatch(/PARAMS/);
    for (const bad of ['-1', '1e3', '12.', '0x10', '1'.repeat(16), `1.${'0'.repeat(19)}`, '=1+1'])
      expect((await costPrice(operator(), { id: recordId, cost_price: bad })).code).toBe(
        'PARAMS_INVALID_ERROR',
      );
    expect((await costPrice(operator(), { id: recordId })).code).toMatch(/PARAMS/);
    expect(await stored()).toEqual(before);
  });
});
