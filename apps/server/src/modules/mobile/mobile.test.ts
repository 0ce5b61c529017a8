// The companion phone signer (§1): a desktop session asks for a one-time pairing code; a phone
// trades it for a phone session that may only list, show and sign tasks; the phone's own key
// (made here as the phone makes it, never sent) is verified as a signer and signs a Safe transfer
// of a space the user belongs to, which then executes on the devnet, and a Dapp's message (SafeMessage)
// whose joined signature the Safe accepts on the devnet.
import { createPublicClient, getAddress, hashMessage, hashTypedData, http, parseAbi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  TaskStatus,
  type DappTaskInfo,
  type MobilePairing,
  type MobilePairingStatus,
  type MobileSession,
  type MobileTasks,
} from '@keystead/contract';
import { createTestApp, type TestApp, type TestClient } from '../../../test/test-app';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import {
  createSafe,
  executeByApi,
  signerKey,
  transferSpace,
  type DeployedSafe,
  type TransferSpace,
} from '../../../test/transfer-helpers';
import { verifiedSigner } from '../../../test/wallet-helpers';
import { lastSignIn } from '../inheritance/inheritance-repository';

/** Devnet account that deploys this file's Safe (no other file sends from it). */
const DEPLOY_FROM = 14;
const OWNER_A = 27;

let t: TestApp;
let space: TransferSpace;
const phoneKey = generatePrivateKey();
const phoneAccount = privateKeyToAccount(phoneKey);
/** The member who pairs a phone; the second signer of the Safe is the admin. */
const owner = () => space.members[0]!;
const operator = () => space.members[1]!;

const pairingCode = async (who: Person) => {
  const reply = await who.client.post<MobilePairing>('/api/v1/mobile/pairing');
  expect(reply.code, reply.raw).toBe('OK');
  return reply.data;
};
const pair = (phone: TestClient, code: string) => phone.post<MobileSession>('/api/v1/mobile/pair', { code });

beforeAll(async () => {
  t = await createTestApp();
  space = await transferSpace(t, 2, 'Phone office');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('pairing', () => {
  it('trades a two-minute code, once, for a phone session the owner is told about', async () => {
    const shown = await pairingCode(owner());
    expect(shown.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(shown.pair_url).toMatch(new RegExp(`/mobile#pair=${shown.code.replace('-', '')}$`));
    const lifetime = Date.parse(shown.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(100_000);
    expect(lifetime).toBeLessThanOrEqual(120_000);

    const status = () => owner().client.get<MobilePairingStatus>('/api/v1/mobile/pairing');
    expect((await status()).data).toEqual({ paired: false, device: null, paired_at: null });
    const phone = t.client({ ip: '10.9.0.1' });
    // Typed as shown, in lower case, with the dash: the same code.
    const paired = await pair(phone, shown.code.toLowerCase());
    expect(paired.code, paired.raw).toBe('OK');
    expect(paired.data).toMatchObject({ email: owner().email, kind: 'phone' });
    const days = (Date.parse(paired.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    const session = await phone.get<MobileSession>('/api/v1/mobile/session');
    expect(session.data.kind).toBe('phone');
    expect((await owner().client.get<MobileSession>('/api/v1/mobile/session')).data.kind).toBe('browser');

    // The desktop that showed the code learns the phone paired (its modal closes on it).
    expect((await status()).data).toMatchObject({ paired: true, device: 'Browser on Unknown OS' });
    const again = await pair(t.client({ ip: '10.9.0.2' }), shown.code);
    expect(again.code).toBe('AUTHENTICATION_CODE_ERROR');
    const told = await t.ctx.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', owner().userId)
      .where('title', '=', 'A phone was paired with your account')
      .execute();
    expect(told).toHaveLength(1);
    const stored = await t.ctx.db.selectFrom('phone_pairings').select('code_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(shown.code.replace('-', ''));
  });

  it('refuses a wrong, expired or replaced code, and a code whose desktop signed out', async () => {
    const phone = t.client({ ip: '10.9.0.3' });
    expect((await pair(phone, 'ABCDE-FGHJK')).code).toBe('AUTHENTICATION_CODE_ERROR');
    expect((await pair(phone, '')).code).toBe('AUTHENTICATION_CODE_ERROR');

    const first = await pairingCode(owner());
    const second = await pairingCode(owner());
    expect((await pair(phone, first.code)).code).toBe('AUTHENTICATION_CODE_ERROR');

    await t.ctx.db
      .updateTable('phone_pairings')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('voided_at', 'is', null)
      .where('used_at', 'is', null)
      .execute();
    expect((await pair(phone, second.code)).code).toBe('AUTHENTICATION_CODE_ERROR');

    const leaving = await person(t, { prefix: 'leaving' });
    const third = await pairingCode(leaving);
    expect((await leaving.client.post('/api/v1/logout')).code).toBe('OK');
    expect((await pair(phone, third.code)).code).toBe('AUTHENTICATION_CODE_ERROR');
  });

  it('limits guesses per address without shutting out a phone elsewhere', async () => {
    const guesser = t.client({ ip: '10.9.0.66' });
    let last = '';
    for (let i = 0; i < 21; i += 1)
      last = (await pair(guesser, `ZZZZZ-ZZZ${String(i).padStart(2, '0')}`)).code;
    expect(last).toBe('TOO_MANY_REQUESTS_ERROR');
    const shown = await pairingCode(operator());
    expect((await pair(guesser, shown.code)).code).toBe('TOO_MANY_REQUESTS_ERROR');
    expect((await pair(t.client({ ip: '10.9.0.67' }), shown.code)).code).toBe('OK');
  });
});

describe("a phone session's reach", () => {
  let phone: TestClient;
  beforeAll(async () => {
    phone = t.client({ ip: '10.9.0.10' });
    expect((await pair(phone, (await pairingCode(owner())).code)).code).toBe('OK');
  });

  it('may not act as the desktop: no wallets, profile, new codes or deletions', async () => {
    phone.spaceId = space.spaceId;
    for (const [method, url] of [
      ['GET', '/api/v1/wallets'],
      ['GET', '/api/v1/user/base-info'],
      ['POST', '/api/v1/mobile/pairing'],
      ['POST', '/api/v1/organization'],
      ['DELETE', '/api/v1/permission-address'],
    ] as const) {
      const reply = await phone.request(method, url, method === 'GET' ? undefined : {});
      expect(reply.code, `${method} ${url}`).toBe('PHONE_SESSION_SCOPE_ERROR');
      expect(reply.status).toBe(403);
    }
    phone.language = 'zh-CN';
    const chinese = await phone.get('/api/v1/wallets');
    expect(chinese.message).toBe('已配对的手机只能签名，请在电脑上操作。');
    phone.language = 'en-US';
  });

  it('adds and verifies its own key, and lists only what that key signs', async () => {
    const ownKey = await verifiedSigner({ ...owner(), client: phone }, phoneKey, 'Phone');
    expect(getAddress(ownKey.address)).toBe(phoneAccount.address);
    const list = await phone.get<MobileTasks>('/api/v1/mobile/tasks', { address: phoneAccount.address });
    expect(list.code, list.raw).toBe('OK');
    expect(list.data.list).toEqual([]);
    // An address that is not this user's verified key, and a malformed one.
    const other = privateKeyToAccount(generatePrivateKey()).address;
    expect((await phone.get('/api/v1/mobile/tasks', { address: other })).code).toBe(
      'SIGNER_ADDRESS_NOT_FOUND_ERROR',
    );
    expect((await phone.get('/api/v1/mobile/tasks', { address: '0x12' })).code).toBe(
      'CHAIN_ADDRESS_INVALID_ERROR',
    );
  });
});

describe('inactivity (§9)', () => {
  it("does not count a paired phone's polling as a login", async () => {
    const absent = await person(t, { prefix: 'absent' });
    const phone = t.client({ ip: '10.9.0.40' });
    expect((await pair(phone, (await pairingCode(absent)).code)).code).toBe('OK');
    const away = new Date(Date.now() - 100 * 86_400_000);
    await t.ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: away })
      .where('user_id', '=', absent.userId)
      .where('kind', '=', 'browser')
      .execute();
    expect((await phone.get('/api/v1/mobile/session')).code).toBe('OK');
    expect((await lastSignIn(t.ctx.db, absent.userId))?.getTime()).toBe(away.getTime());
  });
});

describe('signing a transfer on the phone', () => {
  let phone: TestClient;
  let safe: DeployedSafe;
  let phoneSignerId: number;

  beforeAll(async () => {
    phone = t.client({ ip: '10.9.0.20' });
    expect((await pair(phone, (await pairingCode(owner())).code)).code).toBe('OK');
    const mine = await phone.get<{ list: Array<{ id: number; address: string }> }>(
      '/api/v1/permission-address',
    );
    phoneSignerId = mine.data.list.find((row) => getAddress(row.address) === phoneAccount.address)!.id;
    safe = await createSafe(t, space.admin, {
      signers: [
        { who: space.admin, key: OWNER_A },
        { who: owner(), signerId: phoneSignerId },
      ],
      threshold: 2,
      operators: [operator()],
      deployFrom: DEPLOY_FROM,
    });
  }, 120_000);

  it('lists the transfer with its space, shows what is signed, and counts the signature', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const created = await operator().client.post<{ task_id: number; status: number }>('/api/v1/task', {
      wallet_id: safe.walletId,
      to,
      amount: '12.5',
      token: safe.usdt,
    });
    expect(created.code, created.raw).toBe('OK');
    const taskId = created.data.task_id;

    const list = await phone.get<MobileTasks>('/api/v1/mobile/tasks', { address: phoneAccount.address });
    expect(list.data.list).toEqual([
      expect.objectContaining({
        task_id: taskId,
        organization_id: space.spaceId,
        organization_name: 'Phone office',
        wallet_id: safe.walletId,
        symbol: 'USDT',
        amount: '12.5',
        signatures: 0,
        threshold: 2,
      }),
    ]);

    expect(list.data.list[0]!.to_address?.toLowerCase()).toBe(to.toLowerCase());

    // The phone reads the task in its space and signs the typed data it shows.
    phone.spaceId = space.spaceId;
    const info = await phone.get<{ typed_data: Parameters<typeof hashTypedData>[0] }>('/api/v1/task/info', {
      task_id: taskId,
    });
    expect(info.code, info.raw).toBe('OK');
    const signature = await phoneAccount.signTypedData(info.data.typed_data as never);
    const signed = await phone.post<{ signatures: number }>('/api/v1/sign', { task_id: taskId, signature });
    expect(signed.code, signed.raw).toBe('OK');
    expect(signed.data.signatures).toBe(1);

    const after = await phone.get<MobileTasks>('/api/v1/mobile/tasks', { address: phoneAccount.address });
    expect(after.data.list).toEqual([]);

    // The admin's signature completes it; it executes on the devnet.
    await executeByApi(t, space.admin, taskId, { signers: [[space.admin, OWNER_A]] });
    const row = await t.ctx.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', taskId)
      .executeTakeFirst();
    expect(row?.status).toBe(TaskStatus.Completed);
  });

  it('lists a wallet task too, saying what it does (emergency recovery, signed by the owners)', async () => {
    const recoverer = privateKeyToAccount(generatePrivateKey()).address;
    const enabled = await space.admin.client.post<{ task_id: number }>('/api/v1/wallets/recovery/enable', {
      wallet_id: safe.walletId,
      recoverer_address: recoverer,
      cooldown_hours: 24,
    });
    expect(enabled.code, enabled.raw).toBe('OK');
    const list = await phone.get<MobileTasks>('/api/v1/mobile/tasks', { address: phoneAccount.address });
    expect(list.data.list).toEqual([
      expect.objectContaining({
        task_id: enabled.data.task_id,
        type: 6,
        dapp_action: 'recovery_enable',
        amount: '0',
        threshold: 2,
      }),
    ]);
  });

  it("lists a Dapp's message with what the phone shows, and the phone's signature completes it", async () => {
    expect((await space.admin.client.put('/api/v1/organization/settings', { enable_dapp: true })).code).toBe(
      'OK',
    );
    const on = await space.admin.client.post('/api/v1/wallets/dapp', {
      wallet_id: safe.walletId,
      open: true,
    });
    expect(on.code).toBe('OK');
    const text = 'Sign in to Login\nNonce: 51';
    const created = await operator().client.post<{ task_id: number; status: number }>(
      '/api/v1/task/dapp-message',
      {
        wallet_id: safe.walletId,
        dapp: { name: 'Login', url: 'https://login.example' },
        message: { kind: 'personal', text },
      },
    );
    expect(created.code, created.raw).toBe('OK');
    expect(created.data.status).toBe(TaskStatus.PendingSignature);
    const taskId = created.data.task_id;
    const listed = async () =>
      (
        await phone.get<MobileTasks>('/api/v1/mobile/tasks', { address: phoneAccount.address })
      ).data.list.find((task) => task.task_id === taskId);
    // The list names the Dapp and the kind of message (the phone's line "Sign a message for Login").
    expect(await listed()).toMatchObject({
      type: 6,
      dapp_action: 'message',
      message: { dapp_name: 'Login', dapp_url: 'https://login.example', kind: 'personal' },
      signatures: 0,
      threshold: 2,
    });

    // The detail the phone reads: the message, the hash the Dapp checks, and the SafeMessage to sign.
    phone.spaceId = space.spaceId;
    const info = await phone.get<{
      status: number;
      dapp: { action: string; name: string };
      safe_message: { text: string; message_hash: string; safe_address: string; safe_message_hash: string };
      typed_data: Parameters<typeof hashTypedData>[0];
    }>('/api/v1/task/info', { task_id: taskId });
    expect(info.code, info.raw).toBe('OK');
    expect(info.data.dapp).toMatchObject({ action: 'message', name: 'Login' });
    expect(info.data.safe_message).toMatchObject({ text, message_hash: hashMessage(text) });
    expect(getAddress(info.data.safe_message.safe_address)).toBe(getAddress(safe.address));
    const typed = info.data.typed_data;
    expect(typed).toMatchObject({ primaryType: 'SafeMessage', message: { message: hashMessage(text) } });
    expect(hashTypedData(typed)).toBe(info.data.safe_message.safe_message_hash);

    // The admin's key signs first; the list counts it.
    const admin = await privateKeyToAccount(signerKey(OWNER_A)).signTypedData(typed as never);
    const first = await space.admin.client.post('/api/v1/sign', {
      task_id: taskId,
      signature: admin,
      kind: 'eip712',
    });
    expect(first.code, first.raw).toBe('OK');
    expect((await listed())?.signatures).toBe(1);

    // The server verifies what the phone sends: the SafeMessage of another message is refused.
    const other = { ...typed, message: { message: hashMessage('Transfer all') } };
    const forged = await phone.post('/api/v1/sign', {
      task_id: taskId,
      signature: await phoneAccount.signTypedData(other as never),
      kind: 'eip712',
    });
    expect(forged.code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
    const signature = await phoneAccount.signTypedData(typed as never);
    const signed = await phone.post<{ status: number; signatures: number; threshold: number }>(
      '/api/v1/sign',
      {
        task_id: taskId,
        signature,
        kind: 'eip712',
      },
    );
    expect(signed.code, signed.raw).toBe('OK');
    expect(signed.data).toEqual({ status: TaskStatus.Completed, signatures: 2, threshold: 2 });
    expect(await listed()).toBeUndefined();

    // The Safe itself accepts the joined signature for the Dapp's hash (EIP-1271, on the devnet).
    const done = await operator().client.get<DappTaskInfo>('/api/v1/task/dapp', { task_id: taskId });
    expect(done.data.status).toBe(TaskStatus.Completed);
    const node = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
    const answer = await node.readContract({
      address: getAddress(safe.address),
      abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
      functionName: 'isValidSignature',
      args: [hashMessage(text), done.data.signature as Hex],
    });
    expect(answer).toBe('0x1626ba7e');
  });

  it("never lists another space's tasks to someone who is not a member there", async () => {
    const stranger = await person(t, { mfa: true, prefix: 'stranger' });
    await createSpace(stranger, 'Elsewhere');
    const strangerPhone = t.client({ ip: '10.9.0.30' });
    expect((await pair(strangerPhone, (await pairingCode(stranger)).code)).code).toBe('OK');
    // Their own key: nothing waits for it; the owner's phone key is not theirs to ask about.
    const key = generatePrivateKey();
    await verifiedSigner({ ...stranger, client: strangerPhone }, key, 'Stranger phone');
    const own = await strangerPhone.get<MobileTasks>('/api/v1/mobile/tasks', {
      address: privateKeyToAccount(key).address,
    });
    expect(own.data.list).toEqual([]);
    const theirs = await strangerPhone.get('/api/v1/mobile/tasks', { address: phoneAccount.address });
    expect(theirs.code).toBe('SIGNER_ADDRESS_NOT_FOUND_ERROR');
    const peek = await strangerPhone.get('/api/v1/task/info', { task_id: 1 });
    expect(peek.code).toBe('ORG_AUTHENTICATION_ERROR');
  });
});

describe('unpairing', () => {
  it('the login history names the phone; signing that session out ends the phone at once', async () => {
    const who = await person(t, { prefix: 'unpair' });
    const phone = t.client({ ip: '10.9.0.50' });
    expect((await pair(phone, (await pairingCode(who)).code)).code).toBe('OK');
    const history = await who.client.get<{
      list: Array<{ session_id: number; kind: string; active: boolean; current: boolean }>;
    }>('/api/v1/user/login-history');
    const phones = history.data.list.filter((row) => row.kind === 'phone');
    expect(phones).toEqual([expect.objectContaining({ active: true, current: false })]);
    expect(history.data.list.find((row) => row.current)?.kind).toBe('browser');

    const out = await who.client.post('/api/v1/user/force-logout', { session_id: phones[0]!.session_id });
    expect(out.code, out.raw).toBe('OK');
    expect((await phone.get('/api/v1/mobile/session')).code).toBe('UCS_USER_AUTHENTICATION');
    expect((await who.client.get('/api/v1/mobile/session')).code).toBe('OK');
  });
});
