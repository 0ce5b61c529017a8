import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { devnetKey, verifiedSigner } from '../../../test/wallet-helpers';

let t: TestApp;
beforeAll(async () => {
  // Signer keys are read and proven by their family's adapter: the devnet's EVM family here.
  t = await createTestApp();
});
afterAll(() => t.close());

async function pendingSigner(keyIndex: number) {
  const someone = await person(t);
  const account = privateKeyToAccount(devnetKey(keyIndex));
  const added = await someone.client.post<{ id: number }>('/api/v1/permission-address', {
    name: 'Ledger 1',
    address: account.address.toLowerCase(),
    family: 'EVM',
  });
  const challenge = await someone.client.get<{ challenge_id: number; message: string }>(
    '/api/v1/permission-address/challenge',
    { id: added.data.id },
  );
  return { someone, account, id: added.data.id, challenge: challenge.data };
}

describe('signer addresses', () => {
  it('verifies by a personal_sign of the one-time challenge and lists the address checksummed', async () => {
    const someone = await person(t);
    const signer = await verifiedSigner(someone, devnetKey(1));
    const list = await someone.client.get<{ list: Array<{ id: number; address: string; status: number }> }>(
      '/api/v1/permission-address',
    );
    expect(list.data.list).toEqual([
      expect.objectContaining({ id: signer.id, address: signer.address, status: 1 }),
    ]);
  });

  it('refuses a signature by another key, over another message, reused, expired, malformed or high-s', async () => {
    const { someone, id, challenge } = await pendingSigner(2);
    const stranger = privateKeyToAccount(devnetKey(3));
    const verify = (signature: string, challengeId = challenge.challenge_id) =>
      someone.client.post('/api/v1/permission-address/verify', { id, challenge_id: challengeId, signature });
    expect((await verify(await stranger.signMessage({ message: challenge.message }))).code).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    const own = privateKeyToAccount(devnetKey(2));
    expect((await verify(await own.signMessage({ message: 'something else' }))).code).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    expect((await verify('0x1234')).code).toBe('SIGNATURE_INVALID_ERROR');
    const good = await own.signMessage({ message: challenge.message });
    const r = good.slice(2, 66);
    const s = BigInt(`0x${good.slice(66, 130)}`);
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const v = parseInt(good.slice(130, 132), 16) === 27 ? '1c' : '1b';
    expect((await verify(`0x${r}${(n - s).toString(16).padStart(64, '0')}${v}`)).code).toBe(
      'SIGNATURE_INVALID_ERROR',
    );
    expect((await verify(good)).code).toBe('OK');
    expect((await verify(good)).code).toBe('SIGNATURE_DUPLICATE_ERROR');

    const late = await pendingSigner(4);
    await t.ctx.db
      .updateTable('signature_challenges')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('id', '=', late.challenge.challenge_id)
      .execute();
    const lateSig = await late.account.signMessage({ message: late.challenge.message });
    expect(
      (
        await late.someone.client.post('/api/v1/permission-address/verify', {
          id: late.id,
          challenge_id: late.challenge.challenge_id,
          signature: lateSig,
        })
      ).code,
    ).toBe('SECRET_EXPIRED_ERROR');
  });

  it("cannot use another user's challenge or address", async () => {
    const { id, challenge, account } = await pendingSigner(5);
    const other = await person(t);
    const signature = await account.signMessage({ message: challenge.message });
    const reply = await other.client.post('/api/v1/permission-address/verify', {
      id,
      challenge_id: challenge.challenge_id,
      signature,
    });
    expect(reply.code).toBe('SIGNER_ADDRESS_NOT_FOUND_ERROR');
  });

  it('rejects a bad address and a duplicate', async () => {
    const someone = await person(t);
    expect(
      (await someone.client.post('/api/v1/permission-address', { name: 'x', address: '0x123' })).code,
    ).toBe('WALLET_ADDRESS_FORMAT_ERROR');
    const address = privateKeyToAccount(devnetKey(6)).address;
    expect((await someone.client.post('/api/v1/permission-address', { name: 'x', address })).code).toBe('OK');
    expect(
      (await someone.client.post('/api/v1/permission-address', { name: 'y', address: address.toLowerCase() }))
        .code,
    ).toBe('RESOURCE_EXISTS_ERROR');
  });

  it("keeps a hardware signer's source and derivation path, and refuses a malformed path", async () => {
    const someone = await person(t);
    const address = privateKeyToAccount(devnetKey(8)).address;
    const bad = await someone.client.post('/api/v1/permission-address', {
      name: 'Ledger',
      address,
      source: 'ledger',
      path: "m/44'/60'/x",
    });
    expect(bad.code).toBe('PARAMS_INVALID_ERROR');
    const added = await someone.client.post<{ id: number }>('/api/v1/permission-address', {
      name: 'Ledger',
      address,
      source: 'ledger',
      path: "m/44'/60'/1'/0/0",
    });
    expect(added.code).toBe('OK');
    const list = await someone.client.get<{
      list: Array<{ id: number; source: string; path: string | null }>;
    }>('/api/v1/permission-address');
    expect(list.data.list).toEqual([
      expect.objectContaining({ id: added.data.id, source: 'ledger', path: "m/44'/60'/1'/0/0" }),
    ]);
  });
});
