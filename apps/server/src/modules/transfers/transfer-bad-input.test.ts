import { concat, hexToBigInt, numberToHex, slice, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeTxHash } from '@keystead/chains';
import { allowResend, readCode, sendCode } from '../../../test/auth-helpers';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createSafe,
  keyAddress,
  signatureFor,
  signerKey,
  taskSnapshot,
  transferSpace,
  type DeployedSafe,
} from '../../../test/transfer-helpers';
import { verifiedSigner } from '../../../test/wallet-helpers';
import { safeTxFromJson } from '@keystead/chains';

/**
 * Refused input (§5, §8): every bad signature, amount, recipient, wallet and caller gets its
 * catalogue code, and nothing changes — task status, signatures, approvals, audit rows,
 * notifications, balance locks.
 */
let t: TestApp;
let admin: Person;
let alice: Person;
let bob: Person;
/** A viewer of the wallet, with a verified signer address of their own (key 8, not an owner). */
let viewer: Person;
/** A member of the space with no role on the wallet. */
let carol: Person;
/** The creator of another space. */
let outsider: Person;
let safe: DeployedSafe;
/** A transfer waiting for signatures (3), and one fully signed (5). */
let signing: number;
let signed: number;
const recipient = keyAddress(18);
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

async function createTask(amount = '1'): Promise<number> {
  const created = await admin.client.post<{ task_id: number }>('/api/v1/task', {
    wallet_id: safe.walletId,
    to: recipient,
    amount,
    token: safe.usdt,
  });
  expect(created.code).toBe('OK');
  return created.data.task_id;
}

beforeAll(async () => {
  t = await createTestApp();
  const space = await transferSpace(t, 4, 'Bad input');
  admin = space.admin;
  [alice, bob, viewer, carol] = space.members as [Person, Person, Person, Person];
  await verifiedSigner(viewer, signerKey(8), 'Viewer key');
  safe = await createSafe(t, admin, {
    signers: [
      { who: admin, key: 1 },
      { who: alice, key: 2 },
      { who: bob, key: 3 },
    ],
    threshold: 2,
    approvers: [alice, bob],
    approvalThreshold: 2,
    operators: [admin],
    viewers: [viewer],
    deployFrom: 6,
  });
  outsider = await person(t, { mfa: true, prefix: 'outsider' });
  await createSpace(outsider, 'Elsewhere');

  signing = await approvedTask();
  signed = await signedTask();
});

/** A transfer approved by both approvers: waiting for signatures (3). */
async function approvedTask(): Promise<number> {
  const taskId = await createTask();
  for (const who of [alice, bob])
    expect((await who.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 })).code).toBe('OK');
  return taskId;
}

/** A transfer signed by 2 of 3 owners: waiting for broadcast (5). */
async function signedTask(): Promise<number> {
  const taskId = await approvedTask();
  for (const [who, key] of [
    [alice, 2],
    [bob, 3],
  ] as const) {
    expect(
      (
        await who.client.post('/api/v1/sign', {
          task_id: taskId,
          signature: await signatureFor(who, key, taskId),
        })
      ).code,
    ).toBe('OK');
  }
  return taskId;
}
afterAll(() => t.close());

/** Runs a refused request and checks its code and that the task and the space did not change. */
async function refused(taskId: number, code: string, send: () => Promise<{ code: string }>) {
  const before = await taskSnapshot(t, taskId);
  const reply = await send();
  expect(reply.code).toBe(code);
  expect(await taskSnapshot(t, taskId)).toEqual(before);
}

/** r ‖ s ‖ v of a 65-byte signature. */
function parts(signature: Hex) {
  return {
    r: slice(signature, 0, 32),
    s: hexToBigInt(slice(signature, 32, 64)),
    v: Number(hexToBigInt(slice(signature, 64, 65))),
  };
}

async function storedSafeTx(taskId: number) {
  const row = await t.ctx.db
    .selectFrom('tasks')
    .select(['payload', 'payload_hash'])
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow();
  return { tx: safeTxFromJson(row.payload), hash: row.payload_hash as Hex };
}

describe('bad signatures change nothing', () => {
  it('malformed, empty, truncated, overlong and wrongly encoded signatures: SIGNATURE_INVALID_ERROR / SIGNATURE_EMPTY_ERROR', async () => {
    const good = await signatureFor(alice, 2, signing);
    const { r, s, v } = parts(good);
    const cases: Array<[unknown, string, string?]> = [
      ['0x1234', 'SIGNATURE_INVALID_ERROR'],
      ['not a signature', 'SIGNATURE_INVALID_ERROR'],
      [`0x${'zz'.repeat(65)}`, 'SIGNATURE_INVALID_ERROR'],
      ['', 'SIGNATURE_EMPTY_ERROR'],
      ['   ', 'SIGNATURE_EMPTY_ERROR'],
      [slice(good, 0, 64), 'SIGNATURE_INVALID_ERROR'],
      [slice(good, 0, 40), 'SIGNATURE_INVALID_ERROR'],
      [concat([good, '0x00']), 'SIGNATURE_INVALID_ERROR'],
      [`0x${'00'.repeat(65)}`, 'SIGNATURE_INVALID_ERROR'],
      // v outside 27/28 (and 31/32 is the eth_sign form, not EIP-712).
      [concat([r, numberToHex(s, { size: 32 }), numberToHex(29, { size: 1 })]), 'SIGNATURE_INVALID_ERROR'],
      [concat([r, numberToHex(s, { size: 32 }), numberToHex(v + 4, { size: 1 })]), 'SIGNATURE_INVALID_ERROR'],
      // s = 0 and r = 0 recover nothing.
      [concat([r, numberToHex(0n, { size: 32 }), numberToHex(v, { size: 1 })]), 'SIGNATURE_INVALID_ERROR'],
      [
        concat([numberToHex(0n, { size: 32 }), numberToHex(s, { size: 32 }), numberToHex(v, { size: 1 })]),
        'SIGNATURE_INVALID_ERROR',
      ],
    ];
    for (const [signature, code] of cases) {
      await refused(signing, code, () => alice.client.post('/api/v1/sign', { task_id: signing, signature }));
    }
    // Not a string at all, and an unknown kind: the schema refuses them.
    await refused(signing, 'PARAMS_INVALID_ERROR', () =>
      alice.client.post('/api/v1/sign', { task_id: signing, signature: 12345 }),
    );
    await refused(signing, 'PARAMS_INVALID_ERROR', () =>
      alice.client.post('/api/v1/sign', { task_id: signing, signature: good, kind: 'approved_hash' }),
    );
  });

  it('high-s (s → n − s, v flipped: the same signer, malleable form) is refused', async () => {
    const good = await signatureFor(alice, 2, signing);
    const { r, s, v } = parts(good);
    const malleable = concat([
      r,
      numberToHex(SECP256K1_N - s, { size: 32 }),
      numberToHex(v === 27 ? 28 : 27, { size: 1 }),
    ]);
    await refused(signing, 'SIGNATURE_INVALID_ERROR', () =>
      alice.client.post('/api/v1/sign', { task_id: signing, signature: malleable }),
    );
    const ethSign = await signatureFor(alice, 2, signing, 'eth_sign');
    const e = parts(ethSign);
    const malleableEthSign = concat([
      e.r,
      numberToHex(SECP256K1_N - e.s, { size: 32 }),
      numberToHex(e.v === 27 ? 28 : 27, { size: 1 }),
    ]);
    await refused(signing, 'SIGNATURE_INVALID_ERROR', () =>
      alice.client.post('/api/v1/sign', { task_id: signing, signature: malleableEthSign, kind: 'eth_sign' }),
    );
  });

  it('signed over another chain id, another nonce, or as the other kind: SIGNATURE_SIGNER_NOT_MATCHED_ERROR', async () => {
    const { tx, hash } = await storedSafeTx(signing);
    expect(safeTxHash(31337, safe.address, tx)).toBe(hash);
    const account = privateKeyToAccount(signerKey(2));
    const otherChain = await account.sign({ hash: safeTxHash(1, safe.address, tx) });
    const otherNonce = await account.sign({
      hash: safeTxHash(31337, safe.address, { ...tx, nonce: tx.nonce + 1n }),
    });
    const otherSafe = await account.sign({ hash: safeTxHash(31337, recipient, tx) });
    const otherAmount = await account.sign({
      hash: safeTxHash(31337, safe.address, { ...tx, data: `${tx.data.slice(0, -2)}ff` as Hex }),
    });
    for (const signature of [otherChain, otherNonce, otherSafe, otherAmount]) {
      await refused(signing, 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR', () =>
        alice.client.post('/api/v1/sign', { task_id: signing, signature }),
      );
    }
    // An eth_sign signature presented as EIP-712 recovers to someone else.
    const ethSign = await signatureFor(alice, 2, signing, 'eth_sign');
    await refused(signing, 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR', () =>
      alice.client.post('/api/v1/sign', { task_id: signing, signature: ethSign, kind: 'eip712' }),
    );
  });

  it('a non-owner, an owner who is another user’s signer, and a viewer’s own key: SIGNATURE_SIGNER_NOT_MATCHED_ERROR', async () => {
    // Key 9: nobody's signer, not an owner.
    await refused(signing, 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR', async () =>
      alice.client.post('/api/v1/sign', {
        task_id: signing,
        signature: await privateKeyToAccount(signerKey(9)).sign({ hash: (await storedSafeTx(signing)).hash }),
      }),
    );
    // Bob's key (an owner) sent by Alice, and Alice's sent by Bob.
    await refused(signing, 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR', async () =>
      alice.client.post('/api/v1/sign', {
        task_id: signing,
        signature: await signatureFor(alice, 3, signing),
      }),
    );
    await refused(signing, 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR', async () =>
      bob.client.post('/api/v1/sign', { task_id: signing, signature: await signatureFor(bob, 2, signing) }),
    );
    // The viewer's verified key is not an owner.
    await refused(signing, 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR', async () =>
      viewer.client.post('/api/v1/sign', {
        task_id: signing,
        signature: await signatureFor(viewer, 8, signing),
      }),
    );
  });

  it('signing outside the signing stage: SIGNATURE_TASK_STATUS_ERROR', async () => {
    const pending = await createTask();
    await refused(pending, 'SIGNATURE_TASK_STATUS_ERROR', async () =>
      alice.client.post('/api/v1/sign', {
        task_id: pending,
        signature: await signatureFor(alice, 2, pending),
      }),
    );
    await refused(signed, 'SIGNATURE_TASK_STATUS_ERROR', async () =>
      admin.client.post('/api/v1/sign', { task_id: signed, signature: await signatureFor(admin, 1, signed) }),
    );
    expect((await admin.client.post('/api/v1/task/revoke', { task_id: pending })).code).toBe('OK');
  });
});

describe('bad amounts change nothing', () => {
  const usdtCases: Array<[string, string]> = [
    ['1.1234567', 'TRANSFER_TOO_MANY_DECIMALS_ERROR'],
    ['0.0000001', 'TRANSFER_TOO_MANY_DECIMALS_ERROR'],
    ['-1', 'TASK_AMOUNT_INVALID_ERROR'],
    ['-0.5', 'TASK_AMOUNT_INVALID_ERROR'],
    ['+1', 'TASK_AMOUNT_INVALID_ERROR'],
    ['1e3', 'TASK_AMOUNT_INVALID_ERROR'],
    ['1E3', 'TASK_AMOUNT_INVALID_ERROR'],
    ['1e-3', 'TASK_AMOUNT_INVALID_ERROR'],
    [`1${'0'.repeat(100)}`, 'TASK_AMOUNT_INVALID_ERROR'],
    [`2${'0'.repeat(100)}.5`, 'TASK_AMOUNT_INVALID_ERROR'],
    ['9'.repeat(130), 'TASK_AMOUNT_INVALID_ERROR'],
    ['0', 'TRANSFER_VOLUME_ZERO_ERROR'],
    ['0.000000', 'TRANSFER_VOLUME_ZERO_ERROR'],
    ['000', 'TRANSFER_VOLUME_ZERO_ERROR'],
    ['', 'TASK_AMOUNT_INVALID_ERROR'],
    ['abc', 'TASK_AMOUNT_INVALID_ERROR'],
    ['1 000', 'TASK_AMOUNT_INVALID_ERROR'],
    ['1,5', 'TASK_AMOUNT_INVALID_ERROR'],
    ['1.2.3', 'TASK_AMOUNT_INVALID_ERROR'],
    ['.5', 'TASK_AMOUNT_INVALID_ERROR'],
    ['5.', 'TASK_AMOUNT_INVALID_ERROR'],
    ['0x10', 'TASK_AMOUNT_INVALID_ERROR'],
    ['NaN', 'TASK_AMOUNT_INVALID_ERROR'],
    ['Infinity', 'TASK_AMOUNT_INVALID_ERROR'],
    ['１２', 'TASK_AMOUNT_INVALID_ERROR'],
    ['١', 'TASK_AMOUNT_INVALID_ERROR'],
    ['1_000', 'TASK_AMOUNT_INVALID_ERROR'],
    ['1\n2', 'TASK_AMOUNT_INVALID_ERROR'],
    ['5000', 'TRANSFER_BALANCE_INSUFFICIENT_ERROR'],
    [`9${'9'.repeat(99)}`, 'TRANSFER_BALANCE_INSUFFICIENT_ERROR'],
  ];
  it.each(usdtCases)('USDT amount %j → %s', async (amount, code) => {
    await refused(signing, code, () =>
      admin.client.post('/api/v1/task', {
        wallet_id: safe.walletId,
        to: recipient,
        amount,
        token: safe.usdt,
      }),
    );
  });

  it('below the server minimum 0.000001 on an 18-decimal asset: TRANSFER_VOLUME_TOO_SMALL_ERROR; the minimum itself passes the amount rules', async () => {
    for (const amount of ['0.0000009', '0.000000999999999999', '0.000000000000000001']) {
      await refused(signing, 'TRANSFER_VOLUME_TOO_SMALL_ERROR', () =>
        admin.client.post('/api/v1/task', { wallet_id: safe.walletId, to: recipient, amount }),
      );
    }
    await refused(signing, 'TRANSFER_TOO_MANY_DECIMALS_ERROR', () =>
      admin.client.post('/api/v1/task', {
        wallet_id: safe.walletId,
        to: recipient,
        amount: '0.0000000000000000001',
      }),
    );
    const minimum = await admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: safe.walletId,
      to: recipient,
      amount: '0.000001',
    });
    expect(minimum.code).toBe('OK');
    expect((await admin.client.post('/api/v1/task/revoke', { task_id: minimum.data.task_id })).code).toBe(
      'OK',
    );
  });

  it('an amount that is not a string is refused by the schema', async () => {
    for (const amount of [1000, null, true, ['1']]) {
      await refused(signing, 'PARAMS_INVALID_ERROR', () =>
        admin.client.post('/api/v1/task', {
          wallet_id: safe.walletId,
          to: recipient,
          amount,
          token: safe.usdt,
        }),
      );
    }
  });
});

describe('bad recipients, tokens and wallets change nothing', () => {
  it('invalid recipients: CHAIN_ADDRESS_INVALID_ERROR, a mistyped checksum CHAIN_ADDRESS_CHECKSUM_ERROR; the wallet itself in any spelling: TRANSFER_TO_SELF_ERROR', async () => {
    // The case of the first letter flipped: the same bytes with a wrong EIP-55 checksum.
    const letter = [...recipient].findIndex((char, i) => i > 1 && /[a-fA-F]/.test(char));
    const flipped = recipient[letter]!;
    const badChecksum = `${recipient.slice(0, letter)}${flipped === flipped.toUpperCase() ? flipped.toLowerCase() : flipped.toUpperCase()}${recipient.slice(letter + 1)}`;
    const invalid = [
      '0x1234',
      'hello',
      `${recipient}00`,
      recipient.slice(0, -1),
      `0x${'g'.repeat(40)}`,
      recipient.slice(2),
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    ];
    for (const to of invalid) {
      await refused(signing, 'CHAIN_ADDRESS_INVALID_ERROR', () =>
        admin.client.post('/api/v1/task', { wallet_id: safe.walletId, to, amount: '1', token: safe.usdt }),
      );
    }
    // A mixed-case address whose checksum is wrong is a typo, and is called one.
    await refused(signing, 'CHAIN_ADDRESS_CHECKSUM_ERROR', () =>
      admin.client.post('/api/v1/task', {
        wallet_id: safe.walletId,
        to: badChecksum,
        amount: '1',
        token: safe.usdt,
      }),
    );
    await refused(signing, 'PARAMS_REQUIRED_ERROR', () =>
      admin.client.post('/api/v1/task', { wallet_id: safe.walletId, to: '', amount: '1', token: safe.usdt }),
    );
    for (const to of [
      safe.address,
      safe.address.toLowerCase(),
      `0x${safe.address.slice(2).toUpperCase()}`,
      ` ${safe.address} `,
    ]) {
      await refused(signing, 'TRANSFER_TO_SELF_ERROR', () =>
        admin.client.post('/api/v1/task', { wallet_id: safe.walletId, to, amount: '1', token: safe.usdt }),
      );
    }
  });

  it('a token the wallet does not hold: TOKEN_NOT_FOUND_ERROR', async () => {
    await refused(signing, 'TOKEN_NOT_FOUND_ERROR', () =>
      admin.client.post('/api/v1/task', {
        wallet_id: safe.walletId,
        to: recipient,
        amount: '1',
        token: keyAddress(17),
      }),
    );
  });

  it('an archived wallet takes no transfers: WALLET_ARCHIVED_ERROR', async () => {
    const archived = await createSafe(
      t,
      admin,
      {
        signers: [
          { who: alice, key: 10 },
          { who: bob, key: 11 },
        ],
        threshold: 2,
        operators: [admin],
        deployFrom: 6,
        deploy: false,
      },
      'Old',
    );
    await allowResend(t, admin.email);
    expect((await sendCode(admin.client, 'wallet_archive')).code).toBe('OK');
    expect(
      (
        await admin.client.post('/api/v1/wallets/archive', {
          wallet_id: archived.walletId,
          name: 'Old',
          email_code: await readCode(t, admin.email),
        })
      ).code,
    ).toBe('OK');
    await refused(signing, 'WALLET_ARCHIVED_ERROR', () =>
      admin.client.post('/api/v1/task', {
        wallet_id: archived.walletId,
        to: recipient,
        amount: '1',
        token: safe.usdt,
      }),
    );
    await refused(signing, 'WALLET_ARCHIVED_ERROR', () =>
      admin.client.post('/api/v1/task', { wallet_id: archived.walletId, to: recipient, amount: '1' }),
    );
  });

  it('a wallet of another space or that does not exist: WALLET_NOT_FOUND_ERROR', async () => {
    outsider.client.spaceId = (
      await t.ctx.db
        .selectFrom('organizations')
        .select('id')
        .where('name', '=', 'Elsewhere')
        .executeTakeFirstOrThrow()
    ).id;
    await refused(signing, 'WALLET_NOT_FOUND_ERROR', () =>
      outsider.client.post('/api/v1/task', {
        wallet_id: safe.walletId,
        to: recipient,
        amount: '1',
        token: safe.usdt,
      }),
    );
    await refused(signing, 'WALLET_NOT_FOUND_ERROR', () =>
      admin.client.post('/api/v1/task', { wallet_id: 987654, to: recipient, amount: '1', token: safe.usdt }),
    );
  });
});

describe('callers who may not act change nothing', () => {
  const txHash = `0x${'ab'.repeat(32)}`;

  it('a task id of another space reads as not found for every step', async () => {
    outsider.client.spaceId = (
      await t.ctx.db
        .selectFrom('organizations')
        .select('id')
        .where('name', '=', 'Elsewhere')
        .executeTakeFirstOrThrow()
    ).id;
    for (const taskId of [signing, signed]) {
      await refused(taskId, 'TASK_NOT_FOUND_ERROR', () =>
        outsider.client.get('/api/v1/task/info', { task_id: taskId }),
      );
      await refused(taskId, 'TASK_NOT_FOUND_ERROR', () =>
        outsider.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 }),
      );
      await refused(taskId, 'TASK_NOT_FOUND_ERROR', async () =>
        outsider.client.post('/api/v1/sign', {
          task_id: taskId,
          signature: await privateKeyToAccount(signerKey(2)).sign({
            hash: (await storedSafeTx(taskId)).hash,
          }),
        }),
      );
      await refused(taskId, 'TASK_NOT_FOUND_ERROR', () =>
        outsider.client.post('/api/v1/task/revoke', { task_id: taskId }),
      );
      await refused(taskId, 'TASK_NOT_FOUND_ERROR', () =>
        outsider.client.post('/api/v1/broadcast', { task_id: taskId, tx_hash: txHash }),
      );
    }
    // A task id that does not exist at all answers the same.
    await refused(signing, 'TASK_NOT_FOUND_ERROR', () =>
      admin.client.post('/api/v1/task/approve', { task_id: 987654, result: 1 }),
    );
  });

  it('a viewer may not approve, revoke or broadcast, and their key does not count', async () => {
    const pending = await createTask();
    await refused(pending, 'PERMISSION_APPROVE_ERROR', () =>
      viewer.client.post('/api/v1/task/approve', { task_id: pending, result: 1 }),
    );
    await refused(pending, 'PERMISSION_APPROVE_ERROR', () =>
      viewer.client.post('/api/v1/task/approve', { task_id: pending, result: 2 }),
    );
    await refused(pending, 'PERMISSION_REVOKE_ERROR', () =>
      viewer.client.post('/api/v1/task/revoke', { task_id: pending }),
    );
    await refused(signing, 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR', async () =>
      viewer.client.post('/api/v1/sign', {
        task_id: signing,
        signature: await signatureFor(viewer, 8, signing),
      }),
    );
    // The operator (not an approver) may not approve either.
    await refused(pending, 'PERMISSION_APPROVE_ERROR', () =>
      admin.client.post('/api/v1/task/approve', { task_id: pending, result: 1 }),
    );
    expect((await admin.client.post('/api/v1/task/revoke', { task_id: pending })).code).toBe('OK');
  });

  // Server bug: §3 broadcast scope 3 is "admins, initiator, approvers" and §6 makes a viewer
  // read only, but POST /broadcast lets anyone holding any wallet role (viewer, risk control)
  // report a hash, which moves the transfer to 6 (on chain).
  it('a viewer may not report a broadcast (scope 3: admins, initiator, approvers)', async () => {
    const taskId = await signedTask();
    await refused(taskId, 'PERMISSION_BROADCAST_ERROR', () =>
      viewer.client.post('/api/v1/broadcast', { task_id: taskId, tx_hash: txHash }),
    );
  });

  // Server bug: a member with no role on the wallet cannot see it, so its tasks should read as
  // not found (as another space's do). loadTask passes loadWallet's WALLET_NOT_FOUND_ERROR
  // through, which tells the member that the task id exists on a wallet hidden from them.
  it('a member with no role on the wallet: every step reads as task not found', async () => {
    const pending = await createTask();
    await refused(pending, 'TASK_NOT_FOUND_ERROR', () =>
      carol.client.get('/api/v1/task/info', { task_id: pending }),
    );
    await refused(pending, 'TASK_NOT_FOUND_ERROR', () =>
      carol.client.post('/api/v1/task/approve', { task_id: pending, result: 1 }),
    );
    await refused(pending, 'TASK_NOT_FOUND_ERROR', () =>
      carol.client.post('/api/v1/task/revoke', { task_id: pending }),
    );
    await refused(signing, 'TASK_NOT_FOUND_ERROR', async () =>
      carol.client.post('/api/v1/sign', {
        task_id: signing,
        signature: await privateKeyToAccount(signerKey(2)).sign({ hash: (await storedSafeTx(signing)).hash }),
      }),
    );
    await refused(signed, 'TASK_NOT_FOUND_ERROR', () =>
      carol.client.post('/api/v1/broadcast', { task_id: signed, tx_hash: txHash }),
    );
    expect((await admin.client.post('/api/v1/task/revoke', { task_id: pending })).code).toBe('OK');
  });
});
