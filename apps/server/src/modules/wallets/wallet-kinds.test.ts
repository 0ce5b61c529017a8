import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { allowResend, readCode, sendCode } from '../../../test/auth-helpers';
import { addMember, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signerKey, transferSpace } from '../../../test/transfer-helpers';
import { verifiedSigner } from '../../../test/wallet-helpers';

let t: TestApp;
let admin: Person;
let member: Person;
let spaceId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, spaceId } = await transferSpace(t, 0, 'Kinds'));
  member = await addMember(t, admin, spaceId, 0);
});
afterAll(() => t.close());

const walletRows = () => t.ctx.db.selectFrom('wallets').select('id').orderBy('id').execute();

async function deleteCode(): Promise<string> {
  await allowResend(t, admin.email);
  await sendCode(admin.client, 'wallet_delete');
  return readCode(t, admin.email);
}

describe('POST /wallets by kind', () => {
  it('imports a single address (2) and creates a multisig (1) through the same commands as their own paths', async () => {
    const single = privateKeyToAccount(signerKey(26));
    const imported = await admin.client.post<{ wallet_id: number; status: number; message: string }>(
      '/api/v1/wallets',
      { sign_type: 2, name: 'Hot', chain_key: '31337', address: single.address },
    );
    expect(imported.code).toBe('OK');
    expect(imported.data.status).toBe(11);
    const signers = [
      (await verifiedSigner(admin, signerKey(27), 'A')).id,
      (await verifiedSigner(member, signerKey(28), 'B')).id,
    ];
    const multi = await admin.client.post<{ wallet_id: number; deployment: { to: string } | null }>(
      '/api/v1/wallets',
      {
        sign_type: 1,
        name: 'Cold',
        chain_key: '31337',
        signers,
        threshold: 2,
        operators: [admin.userId],
        approvers: [],
        approval_threshold: 0,
        viewers: [],
        broadcast_scope: 3,
      },
    );
    expect(multi.code).toBe('OK');
    expect(multi.data.deployment?.to).toMatch(/^0x/);
    const before = await walletRows();
    const unknownKind = await admin.client.post('/api/v1/wallets', { sign_type: 3, name: 'X' });
    expect(unknownKind.code).toBe('PARAMS_INVALID_ERROR');
    expect(
      (
        await member.client.post('/api/v1/wallets', {
          sign_type: 2,
          name: 'Mine',
          chain_key: '31337',
          address: privateKeyToAccount(signerKey(29)).address,
        })
      ).code,
    ).toBe('PERMISSION_CREATE_ERROR');
    expect(await walletRows()).toEqual(before);
  });
});

describe('DELETE /wallets, /wallets/single, /wallets/multi', () => {
  it('deletes a single-signature wallet with its name and an e-mail code; never a multisig', async () => {
    const address = privateKeyToAccount(signerKey(25)).address;
    const imported = await admin.client.post<{ wallet_id: number }>('/api/v1/wallets/single', {
      name: 'Spare',
      chain_key: '31337',
      address,
    });
    const walletId = imported.data.wallet_id;
    const code = await deleteCode();
    const wrongName = await admin.client.delete('/api/v1/wallets/single', {
      wallet_id: walletId,
      name: 'spare',
      email_code: code,
    });
    expect(wrongName.code).toBe('WALLET_NAME_MISMATCH_ERROR');
    expect(
      (
        await member.client.delete('/api/v1/wallets', {
          wallet_id: walletId,
          name: 'Spare',
          email_code: code,
        })
      ).code,
    ).toBe('PERMISSION_WALLET_DELETE_ERROR');
    const deleted = await admin.client.delete('/api/v1/wallets/single', {
      wallet_id: walletId,
      name: 'Spare',
      email_code: code,
    });
    expect(deleted.code).toBe('OK');
    expect((await walletRows()).map((w) => w.id)).not.toContain(walletId);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('operation')
      .where('organization_id', '=', spaceId)
      .where('operation', '=', 'delete_single')
      .execute();
    expect(audit).toHaveLength(1);
    // The code was spent: the same code cannot delete again.
    expect(
      (await admin.client.delete('/api/v1/wallets', { wallet_id: walletId, name: 'Spare', email_code: code }))
        .code,
    ).toBe('WALLET_NOT_FOUND_ERROR');

    const [multi] = await t.ctx.db
      .selectFrom('wallets')
      .select(['id', 'name'])
      .where('organization_id', '=', spaceId)
      .where('sign_type', '=', 1)
      .execute();
    expect((await admin.client.delete('/api/v1/wallets/multi', { wallet_id: multi!.id })).code).toBe(
      'WALLET_MULTISIG_DELETE_UNSUPPORTED_ERROR',
    );
    expect(
      (
        await admin.client.delete('/api/v1/wallets', {
          wallet_id: multi!.id,
          name: multi!.name,
          email_code: await deleteCode(),
        })
      ).code,
    ).toBe('WALLET_MULTISIG_DELETE_UNSUPPORTED_ERROR');
    expect((await walletRows()).map((w) => w.id)).toContain(multi!.id);
  });
});

describe('GET /wallets/custom-token and GET /organization/invite', () => {
  it("lists a wallet's tokens, and the space's pending invitations to admins only", async () => {
    const [multi] = await t.ctx.db
      .selectFrom('wallets')
      .select('id')
      .where('organization_id', '=', spaceId)
      .where('sign_type', '=', 1)
      .execute();
    const tokens = await admin.client.get<{ list: Array<{ symbol: string; contract: string | null }> }>(
      '/api/v1/wallets/custom-token',
      { wallet_id: multi!.id },
    );
    expect(tokens.data.list.map((token) => token.symbol)).toEqual(['ETH', 'USDT']);
    expect(tokens.data.list[0]!.contract).toBeNull();

    expect(
      (await admin.client.post('/api/v1/organization/invite', { emails: 'later@example.com', role: 0 })).code,
    ).toBe('OK');
    const pending = await admin.client.get<{ list: Array<{ email: string; status: string }> }>(
      '/api/v1/organization/invite',
    );
    expect(pending.data.list).toEqual([
      expect.objectContaining({ email: 'later@example.com', status: 'pending' }),
    ]);
    expect((await member.client.get('/api/v1/organization/invite')).code).toBe('PERMISSION_VIEW_ERROR');
  });
});
