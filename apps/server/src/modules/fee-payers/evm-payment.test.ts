// EVM payment addresses (issue 18): platform-held keys, sealed at rest, that send and pay for the
// Safe executions of the wallets bound to them, on the Hardhat devnet with the real Safe
// contracts. Receipts, balances and the sealed key are checked with viem directly, not through
// the server's own reading of them.
import { createPublicClient, formatEther, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PaymentAddress, PaymentRecord, RefundFee } from '@keystead/contract';
import { createSpace, person, freshCode, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSafe, signatureFor, transferSpace, type DeployedSafe } from '../../../test/transfer-helpers';
import { followTransfers } from '../../jobs/transfer-watcher';
import { decryptSecret } from '../../lib/crypto';
import { claimNonce, signSponsored } from './evm-payment-send';
import { recordPaymentDeposits } from './payment-deposits';
import { settleSponsored } from './payment-records';

const recipient = '0x00000000000000000000000000000000000e7a11';
let t: TestApp;
let admin: Person;
let signerA: Person;
let signerB: Person;
let outsider: Person;
let spaceId: number;
let outsiderSpaceId: number;
let safe: DeployedSafe;
let payerId: number;
let payerAddress: Hex;

const devnet = () => createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });

const code = (who: Person, purpose: string) => freshCode(t, who, purpose);

const list = async (who = admin) =>
  (await who.client.get<{ list: PaymentAddress[] }>('/api/v1/wallets/payment/list')).data.list;
const records = async (type: number) =>
  (await admin.client.get<{ list: PaymentRecord[] }>('/api/v1/wallets/payment/records', { type })).data.list;

async function generate(name: string, who = admin) {
  return who.client.post<{ id: number; address: Hex }>('/api/v1/wallets/payment/generate', {
    name,
    email_code: await code(who, 'payment_add'),
  });
}

async function bind(paymentAddressId: number | null, walletId = safe.walletId) {
  return admin.client.post('/api/v1/wallets/payment/binding', {
    wallet_id: walletId,
    payment_address_id: paymentAddressId,
    email_code: await code(admin, paymentAddressId === null ? 'payment_unbind' : 'payment_bind'),
  });
}

async function switchTo(open: boolean) {
  return admin.client.post('/api/v1/wallets/payment/switch', {
    wallet_id: safe.walletId,
    open,
    email_code: await code(admin, open ? 'payment_open' : 'payment_close'),
  });
}

/** A transfer of 1 USDT signed by both signers: waiting for its broadcast (5). */
async function signedTransfer(): Promise<number> {
  const created = await admin.client.post<{ task_id: number }>('/api/v1/task', {
    wallet_id: safe.walletId,
    to: recipient,
    amount: '1',
    token: safe.usdt,
  });
  expect(created.code).toBe('OK');
  const taskId = created.data.task_id;
  for (const [who, key] of [
    [signerA, 21],
    [signerB, 22],
  ] as const) {
    const signed = await who.client.post('/api/v1/sign', {
      task_id: taskId,
      signature: await signatureFor(who, key, taskId),
    });
    expect(signed.code).toBe('OK');
  }
  return taskId;
}

const taskInfo = async (taskId: number) =>
  (
    await admin.client.get<{ status: number; sponsor: { id: number; address: string } | null }>(
      '/api/v1/task/info',
      { task_id: taskId },
    )
  ).data;

beforeAll(async () => {
  t = await createTestApp();
  const space = await transferSpace(t, 2, 'Gas desk');
  ({ admin, spaceId } = space);
  [signerA, signerB] = space.members as [Person, Person];
  safe = await createSafe(t, admin, {
    signers: [
      { who: signerA, key: 21 },
      { who: signerB, key: 22 },
    ],
    threshold: 2,
    operators: [admin],
    broadcastScope: 2,
    deployFrom: 10,
    usdt: '100',
  });
  outsider = await person(t, { mfa: true, prefix: 'outsider' });
  outsiderSpaceId = await createSpace(outsider, 'Free space');
  // The deposit watcher's first run starts its cursor; later runs read only newer blocks.
  await recordPaymentDeposits(t.ctx);
}, 180_000);
afterAll(() => t?.close());

describe('payment addresses', () => {
  it('are created by admins of paid spaces only, with a sealed key the replies never show', async () => {
    expect((await generate('Gas', signerA)).code).toBe('PERMISSION_SPACE_MANAGE_ERROR');
    expect((await generate('Gas', outsider)).code).toBe('PAYMENT_DISABLED_ERROR');
    const wrong = await admin.client.post('/api/v1/wallets/payment/generate', {
      name: 'Gas',
      email_code: '000000',
    });
    expect(wrong.code).toBe('AUTHENTICATION_CODE_ERROR');

    const created = await generate('Gas station');
    expect(created.code).toBe('OK');
    ({ id: payerId, address: payerAddress } = created.data);
    const row = await t.ctx.db
      .selectFrom('fee_payers')
      .select(['secret_sealed', 'family', 'name'])
      .where('id', '=', payerId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ family: 'EVM', name: 'Gas station' });
    // The sealed secret opens to the key of exactly this address, and is not the key itself.
    const key = decryptSecret(t.ctx.config.paymentMasterKey, row.secret_sealed) as Hex;
    expect(privateKeyToAccount(key).address).toBe(payerAddress);
    expect(row.secret_sealed).not.toContain(key.slice(2));

    const shown = (await list()).find((p) => p.id === payerId)!;
    expect(shown).toMatchObject({ family: 'EVM', chain: '31337', name: 'Gas station', balance: '0' });
    expect(JSON.stringify(await list())).not.toContain(key.slice(2));
    expect((await signerA.client.get('/api/v1/wallets/payment/list')).code).toBe('PERMISSION_VIEW_ERROR');
  });

  it('are limited per plan', async () => {
    await t.ctx.db.updateTable('organizations').set({ plan: 'plus' }).where('id', '=', spaceId).execute();
    // Plus allows 5: four more exist (inserted directly), the sixth is refused.
    for (let i = 0; i < 4; i++) {
      await t.ctx.db
        .insertInto('fee_payers')
        .values({
          organization_id: spaceId,
          family: 'EVM',
          name: `Spare ${i}`,
          address: `0x${String(i + 1).padStart(40, 'f')}`,
          secret_sealed: 'unused',
          status: 2,
        })
        .execute();
    }
    // Inactive ones do not count; made active they do.
    expect((await generate('Sixth')).code).toBe('OK');
    await t.ctx.db
      .updateTable('fee_payers')
      .set({ status: 1 })
      .where('organization_id', '=', spaceId)
      .where('name', 'like', 'Spare%')
      .execute();
    const refused = await generate('Seventh');
    expect(refused).toMatchObject({ code: 'LIMIT_PAYMENT_ADDRESSES_ERROR', data: { max: 5 } });
    await t.ctx.db.deleteFrom('fee_payers').where('name', 'like', 'Spare%').execute();
  });

  it('record deposits made to them', async () => {
    const funded = await admin.client.post('/api/v1/dev/faucet', { address: payerAddress, eth: '1' });
    expect(funded.code).toBe('OK');
    expect(await recordPaymentDeposits(t.ctx)).toBe(1);
    expect(await recordPaymentDeposits(t.ctx)).toBe(0);
    const [deposit] = await records(1);
    expect(deposit).toMatchObject({
      type: 1,
      status: 1,
      receiver: payerAddress,
      volume: parseEther('1').toString(),
      symbol: 'ETH',
    });
  });
});

describe('binding a wallet', () => {
  it('takes a wallet and a payment address of the same space', async () => {
    const otherPayer = await t.ctx.db
      .insertInto('fee_payers')
      .values({
        organization_id: outsiderSpaceId,
        family: 'EVM',
        name: 'Theirs',
        address: '0x000000000000000000000000000000000000f00d',
        secret_sealed: 'unused',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await bind(otherPayer.id)).code).toBe('ADDRESS_NOT_FOUND_ERROR');
    const outsiderCall = await outsider.client.post('/api/v1/wallets/payment/binding', {
      wallet_id: safe.walletId,
      payment_address_id: null,
      email_code: '123456',
    });
    // Another space's admin does not even learn the wallet exists.
    expect(outsiderCall.code).toBe('WALLET_NOT_FOUND_ERROR');
    expect((await bind(payerId)).code).toBe('OK');
    expect((await switchTo(true)).code).toBe('OK');
    const setting = await admin.client.get('/api/v1/wallets/payment/changeable', {
      wallet_id: safe.walletId,
    });
    expect(setting.data).toMatchObject({
      evm: true,
      payment_on: true,
      payment_address: { id: payerId, address: payerAddress },
    });
    expect((await list()).find((p) => p.id === payerId)?.bound_wallets).toBe(1);
  });
});

describe('a sponsored broadcast', () => {
  it('is sent and paid by the payment address; what it cost is on record', async () => {
    const taskId = await signedTransfer();
    expect((await taskInfo(taskId)).sponsor).toMatchObject({ id: payerId, address: payerAddress });
    const before = await devnet().getBalance({ address: payerAddress });

    const sent = await admin.client.post<{ status: number; tx_hash: Hex }>('/api/v1/broadcast', {
      task_id: taskId,
    });
    expect(sent.code).toBe('OK');
    const receipt = await devnet().waitForTransactionReceipt({ hash: sent.data.tx_hash });
    const transaction = await devnet().getTransaction({ hash: sent.data.tx_hash });
    expect(transaction.from.toLowerCase()).toBe(payerAddress.toLowerCase());
    expect(transaction.to?.toLowerCase()).toBe(safe.address.toLowerCase());
    expect(receipt.status).toBe('success');
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await devnet().getBalance({ address: payerAddress })).toBe(before - gas);

    await followTransfers(t.ctx);
    expect((await taskInfo(taskId)).status).toBe(1); // completed
    expect(await settleSponsored(t.ctx)).toBeGreaterThanOrEqual(1);
    const consumption = (await records(3)).find((r) => r.hash === sent.data.tx_hash);
    expect(consumption).toMatchObject({
      status: 1,
      purpose: 'execution',
      sender: payerAddress,
      fee: gas.toString(),
      task_id: taskId,
      wallet_id: safe.walletId,
    });
  });

  it('is refused before sending when the payment address cannot pay the gas', async () => {
    const empty = await generate('Empty');
    expect(empty.code).toBe('OK');
    expect((await bind(empty.data.id)).code).toBe('OK');
    const taskId = await signedTransfer();
    const sent = await admin.client.post('/api/v1/broadcast', { task_id: taskId });
    expect(sent.code).toBe('BROADCAST_INSUFFICIENT_FEE_ERROR');
    expect((await taskInfo(taskId)).status).toBe(5);
    expect(await devnet().getTransactionCount({ address: empty.data.address })).toBe(0);

    // Switched off, the broadcaster brings their own transaction again.
    expect((await bind(payerId)).code).toBe('OK');
    expect((await switchTo(false)).code).toBe('OK');
    expect((await taskInfo(taskId)).sponsor).toBeNull();
    expect((await admin.client.post('/api/v1/broadcast', { task_id: taskId })).code).toBe(
      'PARAMS_REQUIRED_ERROR',
    );
    expect((await switchTo(true)).code).toBe('OK');
    expect((await admin.client.post('/api/v1/broadcast', { task_id: taskId })).code).toBe('OK');
    await followTransfers(t.ctx);
    expect((await taskInfo(taskId)).status).toBe(1); // completed
  });
});

describe('refunds', () => {
  const refund = async (body: object) =>
    admin.client.post<{ id: number; hash: Hex }>('/api/v1/wallets/payment/refund', {
      payment_address_id: payerId,
      chain: '31337',
      to: recipient,
      email_code: await code(admin, 'payment_refund'),
      ...body,
    });

  it('quote the fee and send back at most the balance less the fee', async () => {
    const quote = (
      await admin.client.get<RefundFee>('/api/v1/wallets/payment/refund-fee', {
        payment_address_id: payerId,
        chain: '31337',
      })
    ).data;
    const balance = await devnet().getBalance({ address: payerAddress });
    expect(BigInt(quote.balance)).toBe(balance);
    expect(BigInt(quote.max)).toBe(balance - BigInt(quote.fee));
    expect(quote).toMatchObject({ symbol: 'ETH', decimals: 18 });

    expect((await refund({ amount: '1' })).code).toBe('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    // The whole balance leaves nothing for the fee: refused before anything is signed.
    expect((await refund({ amount: formatEther(balance) })).code).toBe('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    expect((await refund({ amount: '0.1', to: '0x1234' })).code).toBe('CHAIN_ADDRESS_INVALID_ERROR');
    expect((await refund({ amount: '0.1', chain: 'ltc-regtest-nowhere' })).code).toBe('PARAMS_INVALID_ERROR');
  });

  it('send one refund at a time, recorded, then settled from the chain', async () => {
    const received = await devnet().getBalance({ address: recipient });
    const first = await refund({ amount: '0.1' });
    expect(first.code).toBe('OK');
    expect((await refund({ amount: '0.1' })).code).toBe('PAYMENT_REFUND_PENDING_ERROR');
    const receipt = await devnet().waitForTransactionReceipt({ hash: first.data.hash });
    expect(await devnet().getBalance({ address: recipient })).toBe(received + parseEther('0.1'));

    await settleSponsored(t.ctx);
    const [row] = (await records(2)).filter((r) => r.hash === first.data.hash);
    expect(row).toMatchObject({
      status: 1,
      purpose: 'refund',
      receiver: recipient,
      volume: parseEther('0.1').toString(),
      fee: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
    });
  });

  it('credit two concurrent requests once', async () => {
    const emailCode = await code(admin, 'payment_refund');
    const body = { payment_address_id: payerId, chain: '31337', to: recipient, amount: '0.01' };
    const replies = await Promise.all(
      [0, 1].map(() =>
        admin.client.post('/api/v1/wallets/payment/refund', { ...body, email_code: emailCode }),
      ),
    );
    expect(replies.map((r) => r.code).filter((c) => c === 'OK')).toHaveLength(1);
    expect(await records(2).then((rows) => rows.filter((r) => r.status === 3))).toHaveLength(1);
    await settleSponsored(t.ctx);
  });

  it('can be sped up at the same nonce when the node has not taken one', async () => {
    // A refund signed and recorded but never sent (as after a node lost it).
    const payer = { id: payerId, organizationId: spaceId, name: 'Gas station', address: payerAddress };
    const nonce = await devnet().getTransactionCount({ address: payerAddress });
    const fees = await devnet().estimateFeesPerGas();
    const lost = await signSponsored(
      t.ctx,
      payer,
      {
        chainId: 31337,
        from: payerAddress,
        to: recipient,
        data: '0x',
        value: parseEther('0.02'),
        nonce,
        gas: 21_000n,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      },
      false,
    );
    const lostRecord = await t.ctx.db
      .insertInto('payment_records')
      .values({
        organization_id: spaceId,
        type: 2,
        status: 3,
        purpose: 'refund',
        chain_key: '31337',
        hash: lost.hash,
        sender: payerAddress,
        receiver: recipient,
        volume: parseEther('0.02').toString(),
        payment_address_id: payerId,
        raw_tx: lost.raw,
        account_nonce: String(nonce),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const faster = await admin.client.post<{ id: number; hash: Hex }>('/api/v1/wallets/payment/speed-up', {
      record_id: lostRecord.id,
    });
    expect(faster.code).toBe('OK');
    const replacement = await devnet().getTransaction({ hash: faster.data.hash });
    expect(replacement.nonce).toBe(nonce);
    expect(replacement.maxFeePerGas! * 10n).toBeGreaterThanOrEqual(fees.maxFeePerGas * 11n);
    await devnet().waitForTransactionReceipt({ hash: faster.data.hash });
    await settleSponsored(t.ctx);
    const rows = await records(2);
    expect(rows.find((r) => r.hash === faster.data.hash)?.status).toBe(1);
    // The replaced one is not on chain: left pending until the ten minutes pass, never double counted.
    expect(rows.find((r) => r.hash === lost.hash)?.status).toBe(3);
    expect(
      (await admin.client.post('/api/v1/wallets/payment/speed-up', { record_id: faster.data.id })).code,
    ).toBe('TX_ALREADY_CONFIRMED_ERROR');
  });
  it('never give a new send the nonce of a pending one', async () => {
    // The refund replaced above is still pending at its nonce (the node has the replacement).
    const pending = await t.ctx.db
      .selectFrom('payment_records')
      .select('account_nonce')
      .where('payment_address_id', '=', payerId)
      .where('status', '=', 3)
      .executeTakeFirstOrThrow();
    const taken = Number(pending.account_nonce);
    const payer = { id: payerId, organizationId: spaceId, name: 'Gas station', address: payerAddress };
    const unsigned = {
      chainId: 31337,
      from: payerAddress,
      to: recipient,
      data: '0x',
      value: 1n,
      nonce: taken,
      gas: 21_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 10n ** 9n,
    };
    expect((await signSponsored(t.ctx, payer, unsigned, false)).nonce).toBe(taken + 1);
    // A send signed at that nonce before the other was recorded is refused when it is recorded.
    const raced = await signSponsored(t.ctx, payer, unsigned, true);
    await expect(
      t.ctx.db.transaction().execute((trx) => claimNonce(trx, payerId, raced, false)),
    ).rejects.toMatchObject({ code: 'PAYMENT_LOCK_ERROR' });
  });
});
