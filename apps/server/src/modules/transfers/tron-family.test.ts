// Tron through the API against the SYNTHETIC fixture node (packages/tron-fixture-node; no Tron node
// runs here): signer addresses proven by TIP-191, a weighted wallet (2 + 1 + 1, threshold 3)
// activated and handed over by its first key's permission update (6 → 13 → 14 → 1), a USDT
// transfer through approval and two weighted signatures to the chain, the 24 h timeout, refusals.
// Transactions are read back with the independent reader; signatures are made with @noble.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeRawData,
  decodeTransaction,
  FIXTURE_USDT,
  startTronFixtureNode,
  weightOfSignatures,
  type TronFixtureNode,
} from '@keystead/tron-fixture-node';
import { signRawData, signTxId, testKey } from '@keystead/tron-fixture-node/test-signer';
import { signPayload, signTip191 } from '@keystead/chains/tron/tron-test-kit';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { transferSpace, type TransferSpace } from '../../../test/transfer-helpers';
import { verifiedAddress } from '../../../test/wallet-helpers';
import type { Person } from '../../../test/space-helpers';
import { confirmDeployments, refreshBalances } from '../../jobs/wallet-jobs';
import { followTransfers } from '../../jobs/transfer-watcher';
import { timeOutUnsignedTransfers } from '../../jobs/signing-timeout';
import { recordDeposits } from '../../jobs/deposit-scan';
import { headRefs, post, transferRaw } from '@keystead/tron-fixture-node/fixture-test-helpers';

const TRX = 1_000_000n;
const first = testKey(10); // the wallet account's first key, in Alice's own wallet
const keys = [testKey(1), testKey(2), testKey(3)];
const outsider = testKey(4);
const payee = testKey(20);

interface TronStatus {
  status: number;
  balance: string;
  required: string;
  suggested: string;
  signers: { address: string; weight: number }[];
  update: { tx_id: string; transaction: string } | null;
}
interface TronInfo {
  status: number;
  progress: { signed: number; signing_threshold: number };
  signing_expires_at: string | null;
  tron: { tx_id: string; transaction: string; permission_id: number; expiration: string } | null;
  weights: { address: string; weight: number | null; signed: boolean }[];
  signed_weight: number | null;
  fee_parts: Record<string, string> | null;
  hash: string | null;
}

const verifiedTronSigner = async (who: Person, key: { address: string; privateKey: string }) =>
  (
    await verifiedAddress(who, {
      family: 'TRX',
      address: key.address,
      name: 'Tron key',
      sign: (message) => signTip191(message, key.privateKey),
      wrongSign: (message) => signTip191(message, outsider.privateKey),
    })
  ).id;

describe('Tron wallets and transfers through the API (fixture node, SYNTHETIC replies)', () => {
  let node: TronFixtureNode;
  let t: TestApp;
  let space: TransferSpace;
  let signerIds: number[];
  let walletId: number;
  const who = (i: number) => space.members[i]!;

  beforeAll(async () => {
    node = await startTronFixtureNode();
    t = await createTestApp(
      {},
      {
        chains: [
          { family: 'TRX', chainId: 'trx', name: 'Tron (fixture)', rpcUrl: node.url, isDevnet: false },
        ],
      },
    );
    space = await transferSpace(t, 3, 'Tron team');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  const walletBody = (extra: Record<string, unknown> = {}) => ({
    name: 'USDT payouts',
    chain_key: 'trx',
    signers: signerIds,
    weights: [2, 1, 1],
    threshold: 3,
    account_address: first.address,
    operators: [space.admin.userId],
    approvers: [space.admin.userId],
    approval_threshold: 1,
    ...extra,
  });
  const walletCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('wallets')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('signer addresses: proven by a TIP-191 signature of the challenge; an EVM address is not a Tron key', async () => {
    signerIds = [];
    for (const i of [0, 1, 2]) signerIds.push(await verifiedTronSigner(who(i), keys[i]!));
    const evm = await who(0).client.post('/api/v1/permission-address', {
      name: 'Not Tron',
      address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
      family: 'TRX',
    });
    expect(evm.code).toBe('WALLET_ADDRESS_FORMAT_ERROR');
  });

  it('refuses weights that cannot reach the threshold, a missing or non-Tron account; nothing is written', async () => {
    const before = await walletCount();
    const post = (extra: Record<string, unknown>) =>
      space.admin.client.post('/api/v1/wallets/multi', walletBody(extra));
    expect((await post({ weights: [1, 1, 1], threshold: 4 })).code).toBe('SIGNER_WEIGHT_THRESHOLD_ERROR');
    expect((await post({ weights: [1, 1] })).code).toBe('PARAMS_INVALID_ERROR');
    expect((await post({ account_address: undefined })).code).toBe('PARAMS_REQUIRED_ERROR');
    expect((await post({ account_address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf' })).code).toBe(
      'WALLET_ADDRESS_FORMAT_ERROR',
    );
    expect(await walletCount()).toBe(before);
  });

  it('setup: 6 until the account holds the update fee, 13 with the update to sign, 14 once relayed, 1 when the chain shows it', async () => {
    const created = await space.admin.client.post<{ wallet_id: number; status: number; address: string }>(
      '/api/v1/wallets/multi',
      walletBody(),
    );
    expect(created.code).toBe('OK');
    expect(created.data).toMatchObject({ status: 6, address: first.address });
    walletId = created.data.wallet_id;
    const status = () =>
      space.admin.client.get<TronStatus>('/api/v1/wallets/tron/status', { wallet_id: walletId });
    expect((await status()).data).toMatchObject({
      status: 6,
      balance: '0',
      required: '101',
      suggested: '200',
      update: null,
    });
    // Transfers wait for the wallet to be set up.
    expect(
      (await space.admin.client.post('/api/v1/task', { wallet_id: walletId, to: payee.address, amount: '1' }))
        .code,
    ).toBe('TRON_ACTIVATION_REQUIRED_ERROR');

    node.fund(first.address, 200n * TRX);
    await confirmDeployments(t.ctx);
    const pending = (await status()).data;
    expect(pending).toMatchObject({ status: 13, balance: '200' });
    const update = JSON.parse(pending.update!.transaction) as { raw_data_hex: string };
    const decoded = decodeRawData(update.raw_data_hex);
    expect(decoded.contract.type).toBe('AccountPermissionUpdateContract');
    if (decoded.contract.type === 'AccountPermissionUpdateContract') {
      expect(decoded.contract.value.owner.keys).toEqual(pending.signers);
      expect(decoded.contract.value.actives[0]!.threshold).toBe(3);
    }

    const relay = (raw: string) =>
      who(0).client.post<{ status: number; tx_hash: string }>('/api/v1/broadcast-wallet-deploy', {
        wallet_id: walletId,
        raw_tx: raw,
      });
    expect((await relay(signPayload(pending.update!.transaction, [keys[0]!.privateKey]))).code).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    expect((await relay('{"raw_data": 1}')).code).toBe('PARAMS_INVALID_ERROR');
    const sent = await relay(signPayload(pending.update!.transaction, [first.privateKey]));
    expect(sent.code).toBe('OK');
    expect(sent.data).toMatchObject({ status: 14, tx_hash: pending.update!.tx_id });
    expect(await confirmDeployments(t.ctx)).toBe(1);
    expect((await status()).data.status).toBe(1);
    const base = await space.admin.client.get<{ signers: { address: string; weight: number }[] }>(
      '/api/v1/wallets/base-info',
      { wallet_id: walletId },
    );
    expect(base.data.signers.map((x) => [x.address, x.weight])).toEqual(
      keys.map((k, i) => [k.address, [2, 1, 1][i]]),
    );
  });

  let taskId: number;

  it('a USDT transfer: approval stamps its 24 h window; weights 1 then 2 reach 3; relayed and completed', async () => {
    node.fund(first.address, 300n * TRX);
    node.fundToken(FIXTURE_USDT, first.address, 1_000_000_000n);
    const token = await space.admin.client.post('/api/v1/wallets/custom-token', {
      wallet_id: walletId,
      contract: FIXTURE_USDT,
    });
    expect(token.code).toBe('OK');
    await refreshBalances(t.ctx, [walletId]);
    const estimate = await space.admin.client.post<{ unit: string; parts: Record<string, string> }>(
      '/api/v1/fee/single-estimate',
      { wallet_id: walletId, to: payee.address, amount: '12.5', token: FIXTURE_USDT },
    );
    expect(estimate.code).toBe('OK');
    expect(estimate.data.unit).toBe('energy');
    expect(Number(estimate.data.parts.energy)).toBeGreaterThan(0);

    // An EVM address is no Tron recipient.
    const evmRecipient = await space.admin.client.post('/api/v1/task', {
      wallet_id: walletId,
      to: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
      amount: '1',
      token: FIXTURE_USDT,
    });
    expect(evmRecipient.code).toBe('CHAIN_ADDRESS_INVALID_ERROR');
    const created = await space.admin.client.post<{ task_id: number; status: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: payee.address,
      amount: '12.5',
      token: FIXTURE_USDT,
    });
    expect(created.code).toBe('OK');
    expect(created.data.status).toBe(0);
    taskId = created.data.task_id;
    expect((await space.admin.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 })).code).toBe(
      'OK',
    );

    const info = async () =>
      (await space.admin.client.get<TronInfo>('/api/v1/task/info', { task_id: taskId })).data;
    const signing = await info();
    expect(signing.status).toBe(3);
    // Stamped at the approval: 24 h after the head block then (fixture time runs 3 s per block,
    // so it may be ahead of the wall clock; no block was made since).
    const expiresAt = new Date(signing.signing_expires_at!).getTime();
    expect(expiresAt - node.state.head.timestamp).toBe(24 * 3600_000);
    expect(expiresAt - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(signing.tron!.permission_id).toBe(2);
    expect(signing.weights.map((w) => [w.weight, w.signed])).toEqual([
      [2, false],
      [1, false],
      [1, false],
    ]);
    const txId = signing.tron!.tx_id;

    const sign = (i: number, signature: string) =>
      who(i).client.post<{ status: number; weight: number; threshold: number }>('/api/v1/sign', {
        task_id: taskId,
        signature,
      });
    expect((await sign(1, signTxId(txId, outsider.privateKey))).code).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    expect((await sign(1, signTxId(txId, keys[0]!.privateKey))).code).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    const carol = await sign(2, signTxId(txId, keys[2]!.privateKey));
    expect(carol.data).toMatchObject({ status: 3, weight: 1, threshold: 3 });
    // Progress counts weight, not signatures: 1 of 3 until Alice's weight 2 joins.
    expect((await info()).progress).toMatchObject({ signed: 1, signing_threshold: 3 });
    const schedule = await space.admin.client.get<{
      steps: { step: string; count: number | null; needed: number | null }[];
    }>('/api/v1/task/schedule', { task_id: taskId });
    expect(schedule.data.steps.find((x) => x.step === 'signing')).toMatchObject({ count: 1, needed: 3 });
    // Alice's wallet returns the whole transaction (TronLink's signTransaction).
    const alice = await sign(0, signPayload(signing.tron!.transaction, [keys[0]!.privateKey]));
    expect(alice.data).toMatchObject({ status: 5, weight: 3, threshold: 3 });
    expect((await sign(1, signTxId(txId, keys[1]!.privateKey))).code).toBe('SIGNATURE_TASK_STATUS_ERROR');

    const sent = await space.admin.client.post<{ status: number; tx_hash: string }>('/api/v1/broadcast', {
      task_id: taskId,
    });
    expect(sent.code).toBe('OK');
    expect(sent.data.tx_hash).toBe(txId);
    // What went on the wire, read back independently: the same id, weights 2 + 1 against the chain's permission.
    const raw = await t.ctx.db
      .selectFrom('task_broadcasts')
      .select('raw_tx')
      .where('task_id', '=', taskId)
      .executeTakeFirstOrThrow();
    const onWire = decodeTransaction(raw.raw_tx!);
    expect(onWire.txID).toBe(txId);
    const account = (await (
      await fetch(`${node.url}/wallet/getaccount`, {
        method: 'POST',
        body: JSON.stringify({ address: first.address, visible: true }),
      })
    ).json()) as { active_permission: { threshold: number; keys: { address: string; weight: number }[] }[] };
    expect(weightOfSignatures(account.active_permission[0]!, onWire.txID, onWire.signatures)).toMatchObject({
      total: 3,
      reached: true,
    });

    node.mine(20);
    await followTransfers(t.ctx);
    expect((await info()).status).toBe(1);
  });

  it('a TRX payment to the wallet from outside is recorded as a deposit by the deposit scan', async () => {
    const sender = testKey(30);
    node.fund(sender.address, 50n * TRX);
    await recordDeposits(t.ctx); // the cursor starts at the tip
    const refs = await headRefs(node);
    const signed = signRawData(transferRaw(refs, sender.address, first.address, 7_000_000), [
      sender.privateKey,
    ]);
    expect((await post(node, '/wallet/broadcasttransaction', signed)).result).toBe(true);
    await recordDeposits(t.ctx);
    const records = await space.admin.client.get<{
      list: { amount: string; symbol: string; tx_hash: string; from: string }[];
    }>('/api/v1/transfer/records', { direction: 1, wallet_id: walletId });
    expect(records.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amount: '7', symbol: 'TRX', tx_hash: signed.txID, from: sender.address }),
      ]),
    );
  });

  it('a transfer not fully signed within its window times out (11) and frees what it held', async () => {
    const created = await space.admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: payee.address,
      amount: '5',
    });
    expect(created.code).toBe('OK');
    const id = created.data.task_id;
    expect((await space.admin.client.post('/api/v1/task/approve', { task_id: id, result: 1 })).code).toBe(
      'OK',
    );
    const max = async () =>
      Number(
        (
          await space.admin.client.post<{ amount: string }>('/api/v1/fee/estimate/max', {
            wallet_id: walletId,
            to: payee.address,
          })
        ).data.amount,
      );
    const whileHeld = await max();
    expect(await timeOutUnsignedTransfers(t.ctx)).toBe(0);
    expect(await timeOutUnsignedTransfers(t.ctx, new Date(Date.now() + 25 * 3600_000))).toBe(1);
    const info = await space.admin.client.get<TronInfo>('/api/v1/task/info', { task_id: id });
    expect(info.data.status).toBe(11);
    expect(info.data.signing_expires_at).toBeNull();
    expect(await max()).toBeCloseTo(whileHeld + 5, 6);
    const late = await who(1).client.post('/api/v1/sign', {
      task_id: id,
      signature: signTxId(info.data.tron!.tx_id, keys[1]!.privateKey),
    });
    expect(late.code).toMatch(/SIGNATURE_TASK_STATUS_ERROR|TASK_STATUS_ERROR/);
  });
});
