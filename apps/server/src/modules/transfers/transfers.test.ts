import { createPublicClient, http, parseAbi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { allowResend, readCode, sendCode } from '../../../test/auth-helpers';
import { addMember, createSpace, person, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { devnetKey, verifiedSigner } from '../../../test/wallet-helpers';
import { confirmDeployments, refreshBalances } from '../../jobs/wallet-jobs';
import { followTransfers as followExecutions } from '../../jobs/transfer-watcher';

let t: TestApp;
let admin: Person;
let alice: Person;
let bob: Person;
let walletId: number;
let safeAddress: string;
let usdt: string;
const recipient = privateKeyToAccount(devnetKey(7)).address;

async function usdtBalance(address: string): Promise<bigint> {
  const client = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
  return client.readContract({
    address: usdt as Hex,
    abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
    functionName: 'balanceOf',
    args: [address as Hex],
  });
}

/** Signs the task's Safe transaction hash: the EIP-712 digest (what eth_signTypedData_v4 signs) or eth_sign of it. */
async function signTask(
  who: Person,
  keyIndex: number,
  taskId: number,
  kind: 'eip712' | 'eth_sign' = 'eip712',
  hashOverride?: Hex,
) {
  const info = await who.client.get<{ safe_tx_hash: Hex }>('/api/v1/task/info', { task_id: taskId });
  const account = privateKeyToAccount(devnetKey(keyIndex));
  const hash = hashOverride ?? info.data.safe_tx_hash;
  const signature =
    kind === 'eip712' ? await account.sign({ hash }) : await account.signMessage({ message: { raw: hash } });
  return who.client.post<{ status: number }>('/api/v1/sign', { task_id: taskId, signature, kind });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, { mfa: true, prefix: 'ops' });
  const spaceId = await createSpace(admin, 'Transfers');
  await t.ctx.db
    .updateTable('organizations')
    .set({ plan: 'plus', plan_expires_at: new Date(Date.now() + 86_400_000) })
    .where('id', '=', spaceId)
    .execute();
  alice = await addMember(t, admin, spaceId, 0);
  bob = await addMember(t, admin, spaceId, 0);
  const signerIds = [];
  for (const [who, key] of [
    [admin, 1],
    [alice, 2],
    [bob, 3],
  ] as const)
    signerIds.push((await verifiedSigner(who, devnetKey(key))).id);
  const created = await admin.client.post<{
    wallet_id: number;
    address: string;
    deployment: { to: string; data: string };
  }>('/api/v1/wallets/multi', {
    name: 'Payments',
    chain_key: '31337',
    signers: signerIds,
    threshold: 2,
    approvers: [alice.userId, bob.userId],
    approval_threshold: 2,
    operators: [admin.userId],
    broadcast_scope: 3,
  });
  walletId = created.data.wallet_id;
  safeAddress = created.data.address;
  const sent = await alice.client.post<{ tx_hash: string }>('/api/v1/dev/devnet-send', {
    from_index: 2,
    ...created.data.deployment,
  });
  await alice.client.post('/api/v1/wallet-deploy-broadcast-create', {
    wallet_id: walletId,
    tx_hash: sent.data.tx_hash,
  });
  expect(await confirmDeployments(t.ctx)).toBe(1);
  await admin.client.post('/api/v1/dev/faucet', { address: safeAddress, eth: '1', usdt: '1000' });
  usdt = t.ctx.chains.defaultTokens('31337')[0]!.contract!;
  await refreshBalances(t.ctx, [walletId]);
});
afterAll(() => t.close());

describe('transfer lifecycle on a 2-of-3 Safe', () => {
  it('operator → 2 approvals → 2 verified signatures → broadcast → completed, exactly the amount arrives', async () => {
    const before = await usdtBalance(recipient);
    const created = await admin.client.post<{ task_id: number; status: number; nonce: string }>(
      '/api/v1/task',
      { wallet_id: walletId, to: recipient, amount: '123.45', token: usdt, remark: 'Invoice 42' },
    );
    expect(created.code).toBe('OK');
    expect(created.data.status).toBe(0);
    const taskId = created.data.task_id;
    // The approvers' notification links to the transfer, and its e-mail copy carries the address.
    const inbox = await alice.client.get<{
      list: Array<{ link: string | null; task_number: string | null }>;
    }>('/api/v1/notification');
    expect(inbox.data.list[0]).toMatchObject({ link: `/task/${taskId}` });
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', alice.email.toLowerCase())
      .where('category', '=', 'notification:task')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(new RegExp(`https?://[^\\s]+/task/${taskId}\\b`));

    expect(
      (await alice.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 })).data,
    ).toMatchObject({ status: 0 });
    expect((await alice.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 })).code).toBe(
      'TASK_ALREADY_APPROVED_ERROR',
    );
    expect((await admin.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 })).code).toBe(
      'PERMISSION_APPROVE_ERROR',
    );
    expect(
      (await bob.client.post('/api/v1/task/approve', { task_id: taskId, result: 1, comment: 'ok' })).data,
    ).toMatchObject({ status: 3 });

    // Bad signatures change nothing.
    expect((await alice.client.post('/api/v1/sign', { task_id: taskId, signature: '0x1234' })).code).toBe(
      'SIGNATURE_INVALID_ERROR',
    );
    expect((await signTask(alice, 9, taskId)).code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
    expect((await signTask(alice, 2, taskId, 'eip712', `0x${'ab'.repeat(32)}`)).code).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    expect((await signTask(alice, 3, taskId)).code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');

    expect((await signTask(alice, 2, taskId)).data).toMatchObject({ status: 3 });
    expect((await signTask(alice, 2, taskId)).code).toBe('SIGNATURE_DUPLICATE_ERROR');
    expect((await signTask(bob, 3, taskId, 'eth_sign')).data).toMatchObject({ status: 5 });
    // §7 GET /sign: who signed, with which key and how, against the threshold.
    const signed = await admin.client.get<{
      threshold: number;
      list: Array<{ user_id: number; kind: string }>;
    }>('/api/v1/sign', { task_id: taskId });
    expect(signed.data.threshold).toBe(2);
    expect(signed.data.list.map((s) => [s.user_id, s.kind])).toEqual([
      [alice.userId, 'eip712'],
      [bob.userId, 'eth_sign'],
    ]);

    const info = await admin.client.get<{ execution: { to: string; data: string } }>('/api/v1/task/info', {
      task_id: taskId,
    });
    const sent = await bob.client.post<{ tx_hash: string }>('/api/v1/dev/devnet-send', {
      from_index: 4,
      ...info.data.execution,
    });
    expect(
      (await bob.client.post('/api/v1/broadcast', { task_id: taskId, tx_hash: sent.data.tx_hash })).data,
    ).toMatchObject({ status: 6 });
    expect(
      (await bob.client.post('/api/v1/broadcast', { task_id: taskId, tx_hash: sent.data.tx_hash })).code,
    ).toBe('TX_ALREADY_BROADCAST_ERROR');
    expect(await followExecutions(t.ctx)).toBe(1);
    const done = await admin.client.get<{ status: number; hash: string }>('/api/v1/task/info', {
      task_id: taskId,
    });
    expect(done.data).toMatchObject({ status: 1, hash: sent.data.tx_hash });
    expect((await usdtBalance(recipient)) - before).toBe(123_450_000n);
    // The detail's on-chain facts: the fee the chain charged (the node's own receipt), confirmations.
    const receipt = await createPublicClient({
      transport: http(inject('devnet')!.rpcUrl),
    }).getTransactionReceipt({
      hash: sent.data.tx_hash as Hex,
    });
    const facts = await admin.client.get<{
      on_chain: {
        block_number: number;
        confirmations: number;
        fee_paid: string;
        fee_usd: string;
        final: boolean;
      };
    }>('/api/v1/task/info', { task_id: taskId });
    expect(facts.data.on_chain.block_number).toBe(Number(receipt.blockNumber));
    expect(facts.data.on_chain.confirmations).toBeGreaterThanOrEqual(1);
    expect(facts.data.on_chain.final).toBe(false);
    const paid = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(BigInt(Math.round(Number(facts.data.on_chain.fee_paid) * 1e18))).toBeGreaterThan(
      paid - 1_000_000n,
    );
    expect(BigInt(Math.round(Number(facts.data.on_chain.fee_paid) * 1e18))).toBeLessThan(paid + 1_000_000n);
    expect(Number(facts.data.on_chain.fee_usd)).toBeCloseTo(Number(facts.data.on_chain.fee_paid) * 3000, 2);

    // Watched for a reorg until 12 blocks bury it; then final and no longer followed.
    const finalAt = async () =>
      (
        await t.ctx.db
          .selectFrom('tasks')
          .select('final_at')
          .where('id', '=', taskId)
          .executeTakeFirstOrThrow()
      ).final_at;
    await followExecutions(t.ctx);
    expect(await finalAt()).toBeNull();
    const rpc = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
    await rpc.request({ method: 'hardhat_mine' as never, params: ['0xc'] as never });
    await followExecutions(t.ctx);
    expect(await finalAt()).toBeInstanceOf(Date);
  });

  it('counts each approver once under 20 concurrent approvals and crosses the threshold once', async () => {
    const created = await admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: recipient,
      amount: '1',
      token: usdt,
    });
    const taskId = created.data.task_id;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? alice : bob).client.post<{ status: number }>('/api/v1/task/approve', {
          task_id: taskId,
          result: 1,
        }),
      ),
    );
    expect(replies.filter((r) => r.code === 'OK')).toHaveLength(2);
    const approvals = await t.ctx.db
      .selectFrom('task_approvals')
      .selectAll()
      .where('task_id', '=', taskId)
      .execute();
    expect(approvals).toHaveLength(2);
    const task = await t.ctx.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe(3);
    expect((await admin.client.post('/api/v1/task/revoke', { task_id: taskId })).data).toMatchObject({
      status: 7,
    });
  });

  it('a rejection ends it (9); revoke works at 0 and 3, not twice', async () => {
    const rejected = await admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: recipient,
      amount: '2',
      token: usdt,
    });
    expect(
      (
        await alice.client.post('/api/v1/task/approve', {
          task_id: rejected.data.task_id,
          result: 2,
          comment: 'unknown vendor',
        })
      ).data,
    ).toMatchObject({ status: 9 });
    const revoked = await admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: recipient,
      amount: '3',
      token: usdt,
    });
    expect((await alice.client.post('/api/v1/task/revoke', { task_id: revoked.data.task_id })).code).toBe(
      'PERMISSION_REVOKE_ERROR',
    );
    expect(
      (await admin.client.post('/api/v1/task/revoke', { task_id: revoked.data.task_id })).data,
    ).toMatchObject({ status: 7 });
    expect((await admin.client.post('/api/v1/task/revoke', { task_id: revoked.data.task_id })).code).toBe(
      'TASK_ALREADY_REVOKED_ERROR',
    );
  });
});

describe('transfer rules', () => {
  it.each([
    [{ amount: '1e2' }, 'TASK_AMOUNT_INVALID_ERROR'],
    [{ amount: '-5' }, 'TASK_AMOUNT_INVALID_ERROR'],
    [{ amount: '0' }, 'TRANSFER_VOLUME_ZERO_ERROR'],
    [{ amount: '1.1234567' }, 'TRANSFER_TOO_MANY_DECIMALS_ERROR'],
    [{ amount: '5000' }, 'TRANSFER_BALANCE_INSUFFICIENT_ERROR'],
    [{ to: '0x1234' }, 'CHAIN_ADDRESS_INVALID_ERROR'],
  ])('refuses %o with %s and changes nothing', async (override, expected) => {
    const before = await t.ctx.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const reply = await admin.client.post('/api/v1/task', {
      wallet_id: walletId,
      to: recipient,
      amount: '1',
      token: usdt,
      ...override,
    });
    expect(reply.code).toBe(expected);
    const after = await t.ctx.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses paying the wallet itself, and transfers by a non-operator', async () => {
    expect(
      (
        await admin.client.post('/api/v1/task', {
          wallet_id: walletId,
          to: safeAddress,
          amount: '1',
          token: usdt,
        })
      ).code,
    ).toBe('TRANSFER_TO_SELF_ERROR');
    expect(
      (
        await alice.client.post('/api/v1/task', {
          wallet_id: walletId,
          to: recipient,
          amount: '1',
          token: usdt,
        })
      ).code,
    ).toBe('PERMISSION_WALLET_OPERATE_ERROR');
  });

  it('counts locked amounts of pending transfers against the balance', async () => {
    const first = await admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: recipient,
      amount: '800',
      token: usdt,
    });
    expect(first.code).toBe('OK');
    expect(
      (
        await admin.client.post('/api/v1/task', {
          wallet_id: walletId,
          to: recipient,
          amount: '100',
          token: usdt,
        })
      ).code,
    ).toBe('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    await admin.client.post('/api/v1/task/revoke', { task_id: first.data.task_id });
  });

  it('a whitelisted wallet pays only address-book entries; a look-alike address needs an acknowledgement', async () => {
    await admin.client.put('/api/v1/wallets/open-whitelist', { wallet_id: walletId, open: true });
    expect(
      (
        await admin.client.post('/api/v1/task', {
          wallet_id: walletId,
          to: recipient,
          amount: '1',
          token: usdt,
        })
      ).code,
    ).toBe('TRANSFER_WHITELIST_ONLY_ERROR');
    await allowResend(t, admin.email);
    await sendCode(admin.client, 'address_book_add');
    expect(
      (
        await alice.client.post('/api/v1/address-book', {
          name: 'Vendor',
          address: recipient,
          email_code: '123456',
        })
      ).code,
    ).toBe('PERMISSION_ADDRESS_BOOK_ADD_ERROR');
    expect(
      (
        await admin.client.post('/api/v1/address-book', {
          name: 'Vendor',
          address: recipient,
          email_code: await readCode(t, admin.email),
        })
      ).code,
    ).toBe('OK');
    const ok = await admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: recipient,
      amount: '1',
      token: usdt,
    });
    expect(ok.code).toBe('OK');
    await admin.client.post('/api/v1/task/revoke', { task_id: ok.data.task_id });
    await admin.client.put('/api/v1/wallets/open-whitelist', { wallet_id: walletId, open: false });

    // Same first and last 4 hex characters as the vendor, different middle: address poisoning.
    const lookAlike = `${recipient.slice(0, 6)}${'0'.repeat(32)}${recipient.slice(-4)}`.toLowerCase();
    const tags = await admin.client.get<{ tags: number[] }>('/api/v1/address/tag', {
      wallet_id: walletId,
      address: lookAlike,
    });
    expect(tags.data.tags).toContain(21);
    expect(
      (
        await admin.client.post('/api/v1/task', {
          wallet_id: walletId,
          to: lookAlike,
          amount: '1',
          token: usdt,
        })
      ).code,
    ).toBe('TRANSFER_RISK_ADDRESS_ERROR');
    const acknowledged = await admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: lookAlike,
      amount: '1',
      token: usdt,
      acknowledge_similar: true,
    });
    expect(acknowledged.code).toBe('OK');
    await admin.client.post('/api/v1/task/revoke', { task_id: acknowledged.data.task_id });
  });

  it('lists the to-do of each person', async () => {
    const created = await admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: recipient,
      amount: '1',
      token: usdt,
    });
    const todo = await alice.client.get<{ list: Array<{ task_id: number }> }>('/api/v1/transfer/list', {
      tab: 'todo',
    });
    expect(todo.data.list.map((task) => task.task_id)).toContain(created.data.task_id);
    const adminTodo = await admin.client.get<{ list: Array<{ task_id: number }> }>('/api/v1/transfer/list', {
      tab: 'todo',
    });
    expect(adminTodo.data.list.map((task) => task.task_id)).not.toContain(created.data.task_id);
    await admin.client.post('/api/v1/task/revoke', { task_id: created.data.task_id });
  });
});

describe('POST /fee/single-estimate on a Safe', () => {
  it('prices the execution the broadcaster pays at each tier, in ETH and USD; refuses who may not operate', async () => {
    const reply = await admin.client.post<{
      unit: string;
      symbol: string;
      payer: string;
      tiers: Record<'slow' | 'standard' | 'fast', { rate: string; fee: string; fee_usd: string | null }>;
    }>('/api/v1/fee/single-estimate', { wallet_id: walletId, to: recipient, amount: '1', token: usdt });
    expect(reply.code).toBe('OK');
    expect(reply.data).toMatchObject({ unit: 'gwei', symbol: 'ETH', payer: 'broadcaster' });
    const client = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
    const block = await client.getBlock();
    for (const tier of ['slow', 'standard', 'fast'] as const) {
      const { rate, fee, fee_usd } = reply.data.tiers[tier];
      // 120,000 gas at the tier's max fee per gas (Gwei), and the devnet price table's ETH at 3000 USD.
      const wei = 120_000n * BigInt(Math.round(Number(rate) * 1e9));
      expect(Math.abs(Number(fee) - Number(wei) / 1e18)).toBeLessThan(1e-12);
      expect(Number(fee_usd)).toBeCloseTo(Number(fee) * 3000, 2);
      // Every tier pays at least the chain's base fee now.
      expect(BigInt(Math.round(Number(rate) * 1e9))).toBeGreaterThanOrEqual(block.baseFeePerGas ?? 0n);
    }
    expect(Number(reply.data.tiers.fast.fee)).toBeGreaterThanOrEqual(Number(reply.data.tiers.slow.fee));
    const refused = await alice.client.post('/api/v1/fee/single-estimate', {
      wallet_id: walletId,
      to: recipient,
      amount: '1',
      token: usdt,
    });
    expect(refused.code).toBe('PERMISSION_WALLET_OPERATE_ERROR');
  });
});
