// The XRP Ledger through the API against the SYNTHETIC fixture ledger (packages/xrpl-fixture-node;
// no rippled runs here, and the fixture checks every signature with its own @noble code): signer
// addresses proven by a signed challenge (secp256k1 and ed25519), a 2-of-3 wallet set up by its
// master key in two steps (6 → 13 → 14 → 13 → 14 → 1), a payment with a destination tag through
// approval and two signatures to a validated ledger, one task at a time, refusals.
import { decodeAccountID, encodeXAddress } from 'ripple-address-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_USD_ISSUER, startXrplFixtureNode, type XrplFixtureNode } from '@keystead/xrpl-fixture-node';
import { signSingle, signerEntry, testKey, type TestKey } from '@keystead/xrpl-fixture-node/test-signer';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { transferSpace, type TransferSpace } from '../../../test/transfer-helpers';
import { verifiedAddress } from '../../../test/wallet-helpers';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import { confirmDeployments, refreshBalances } from '../../jobs/wallet-jobs';
import { followTransfers } from '../../jobs/transfer-watcher';
import { recordDeposits } from '../../jobs/deposit-scan';

const XRP = 1_000_000n;
const master = testKey('secp256k1', 'api-master'); // the wallet account's master key, in Alice's own wallet
const keys = [testKey('secp256k1', 'api-a'), testKey('ed25519', 'api-b'), testKey('secp256k1', 'api-c')];
const outsider = testKey('secp256k1', 'api-outsider');
const payee = testKey('ed25519', 'api-payee');

interface XrpStatus {
  status: number;
  activated: boolean;
  balance: string;
  required: string;
  reserve: { base: string; owner: string } | null;
  suggested: string;
  step: 'signer_list' | 'disable_master' | null;
  setup_tx: string | null;
}
interface XrpInfo {
  status: number;
  progress: { signed: number; signing_threshold: number };
  signing_expires_at: string | null;
  xrp: {
    tx_json: string;
    destination_tag: number | null;
    last_ledger_sequence: number;
    signing_bytes: Record<string, string>;
  } | null;
  weights: { address: string; weight: number | null; signed: boolean }[];
  hash: string | null;
}

/** The challenge signed as XRPL wallets sign a message: "public key:signature" over its UTF-8 bytes. */
const proof = (key: TestKey) => (message: string) =>
  `${key.publicKey}:${key.sign(new TextEncoder().encode(message))}`;

const verifiedXrpSigner = async (who: Person, key: TestKey) =>
  (
    await verifiedAddress(who, {
      family: 'XRP',
      address: key.address,
      name: 'XRPL key',
      sign: proof(key),
      // The right key's signature under another account's public key: refused.
      wrongSign: proof(outsider),
    })
  ).id;

describe('XRP wallets and transfers through the API (fixture ledger, SYNTHETIC replies)', () => {
  let node: XrplFixtureNode;
  let t: TestApp;
  let space: TransferSpace;
  let signerIds: number[];
  let walletId: number;
  const who = (i: number) => space.members[i]!;

  beforeAll(async () => {
    node = await startXrplFixtureNode();
    t = await createTestApp(
      {},
      {
        chains: [
          {
            family: 'XRP',
            chainId: 'xrp-testnet',
            name: 'XRPL (fixture)',
            rpcUrl: node.url,
            isDevnet: false,
          },
        ],
      },
    );
    space = await transferSpace(t, 3, 'XRP team');
    // The fixture stands for the XRPL testnet, which a space turns on.
    await t.ctx.db
      .updateTable('organizations')
      .set({ is_open_testnet: true })
      .where('id', '=', space.spaceId)
      .execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  const walletBody = (extra: Record<string, unknown> = {}) => ({
    name: 'XRP treasury',
    chain_key: 'xrp-testnet',
    signers: signerIds,
    weights: [1, 1, 1],
    threshold: 2,
    account_address: master.address,
    operators: [space.admin.userId],
    approvers: [space.admin.userId],
    approval_threshold: 1,
    ...extra,
  });
  const taskCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('tasks')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const walletCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('wallets')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('signer addresses: proven by the key that derives to the address (secp256k1 and ed25519)', async () => {
    signerIds = [];
    for (const i of [0, 1, 2]) signerIds.push(await verifiedXrpSigner(who(i), keys[i]!));
    const tron = await who(0).client.post('/api/v1/permission-address', {
      name: 'Not XRPL',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      family: 'XRP',
    });
    expect(tron.code).toBe('WALLET_ADDRESS_FORMAT_ERROR');
  });

  it('refuses a quorum above the weights, a signer twice, the account as its own signer; nothing is written', async () => {
    const before = await walletCount();
    const post = (extra: Record<string, unknown>) =>
      space.admin.client.post('/api/v1/wallets/multi', walletBody(extra));
    expect((await post({ threshold: 4 })).code).toBe('SIGNER_WEIGHT_THRESHOLD_ERROR');
    expect((await post({ signers: [signerIds[0], signerIds[0]], weights: [1, 1] })).code).toMatch(
      /PARAMS_INVALID_ERROR|SIGNER/,
    );
    expect((await post({ account_address: keys[0]!.address })).code).toBe('XRP_SIGNER_OWN_ACCOUNT_ERROR');
    expect((await post({ account_address: undefined })).code).toBe('PARAMS_REQUIRED_ERROR');
    expect(await walletCount()).toBe(before);
  });

  it('setup: reserve top-up (6), signer list (13 → 14), master key disabled (13 → 14), then 1', async () => {
    const created = await space.admin.client.post<{ wallet_id: number; status: number; address: string }>(
      '/api/v1/wallets/multi',
      walletBody(),
    );
    expect(created.code).toBe('OK');
    expect(created.data).toMatchObject({ status: 6, address: master.address });
    walletId = created.data.wallet_id;
    const status = async () =>
      (await space.admin.client.get<XrpStatus>('/api/v1/wallets/xrp/status', { wallet_id: walletId })).data;
    // The current reserves come from the ledger (1 + 0.2 XRP on the fixture); 13 is the spec's text.
    expect(await status()).toMatchObject({
      status: 6,
      activated: false,
      required: '1.3',
      reserve: { base: '1', owner: '0.2' },
      suggested: '13',
      setup_tx: null,
    });
    expect(
      (await space.admin.client.post('/api/v1/task', { wallet_id: walletId, to: payee.address, amount: '1' }))
        .code,
    ).toBe('WALLET_STATUS_ERROR');

    node.fund(master.address, 30n * XRP);
    await confirmDeployments(t.ctx);
    const relay = (raw: string) =>
      who(0).client.post<{ status: number; tx_hash: string }>('/api/v1/broadcast-wallet-deploy', {
        wallet_id: walletId,
        raw_tx: raw,
      });
    for (const step of ['signer_list', 'disable_master'] as const) {
      const pending = await status();
      expect(pending).toMatchObject({ status: 13, step });
      const tx = JSON.parse(pending.setup_tx!) as Record<string, unknown>;
      expect(tx.TransactionType).toBe(step === 'signer_list' ? 'SignerListSet' : 'AccountSet');
      expect((await relay(signSingle(tx, keys[0]!))).code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      const sent = await relay(signSingle(tx, master));
      expect(sent.code).toBe('OK');
      expect(sent.data.status).toBe(14);
      await confirmDeployments(t.ctx);
    }
    expect((await status()).status).toBe(1);
    expect((await status()).step).toBeNull();
    // Someone of another space cannot tell this wallet from one that does not exist.
    const stranger = await person(t, { mfa: true, prefix: 'xrp-stranger' });
    await createSpace(stranger, 'Elsewhere');
    const asked = await stranger.client.get('/api/v1/wallets/xrp/status', { wallet_id: walletId });
    const missing = await stranger.client.get('/api/v1/wallets/xrp/status', { wallet_id: 9_999_999 });
    expect([asked.code, asked.message]).toEqual([missing.code, missing.message]);
    // What the ledger keeps back (1 XRP base + 0.2 XRP for the signer list) shows as locked.
    await refreshBalances(t.ctx, [walletId]);
    const assets = await space.admin.client.get<{
      detail: { symbol: string; lock_amount: string; available_amount: string; amount: string }[];
    }>('/api/v1/wallets/asset-info', { wallet_id: walletId });
    const xrp = assets.data.detail.find((line) => line.symbol === 'XRP')!;
    expect(xrp.lock_amount).toBe('1.2');
    expect(Number(xrp.available_amount)).toBeCloseTo(Number(xrp.amount) - 1.2, 6);
  });

  let taskId: number;

  it('a payment with a destination tag: approval opens its ledger window; two signatures; validated', async () => {
    node.fund(payee.address, 20n * XRP);
    const estimate = await space.admin.client.post<{
      unit: string;
      tiers: { standard: { rate: string; fee: string } };
    }>('/api/v1/fee/single-estimate', { wallet_id: walletId, to: payee.address, amount: '5' });
    expect(estimate.code).toBe('OK');
    // 15 drops per slot (1.5 × the quiet open ledger fee), 1 + 3 slots.
    expect(estimate.data).toMatchObject({
      unit: 'drops',
      tiers: { standard: { rate: '15', fee: '0.00006' } },
    });
    const create = (extra: Record<string, unknown>) =>
      space.admin.client.post<{ task_id: number; status: number }>('/api/v1/task', {
        wallet_id: walletId,
        to: payee.address,
        amount: '5',
        ...extra,
      });
    const tasksBefore = await taskCount();
    expect((await create({ destination_tag: -1 })).code).toBe('PARAMS_INVALID_ERROR');
    const fresh = testKey('secp256k1', 'api-never-funded').address;
    expect((await create({ to: fresh, amount: '0.5' })).code).toBe('XRP_ACTIVATION_RESERVE_ERROR');
    // An X-address carrying tag 7 and another tag entered beside it: which customer is meant?
    const xAddress = encodeXAddress(decodeAccountID(payee.address), 7, true);
    expect((await create({ to: xAddress, destination_tag: 8 })).code).toBe(
      'XRP_DESTINATION_TAG_CONFLICT_ERROR',
    );
    expect((await create({ outputs: [{ to: payee.address, amount: '1' }] })).code).toBe(
      'TRANSFER_BATCH_UNSUPPORTED_ERROR',
    );
    expect(await taskCount()).toBe(tasksBefore);
    const created = await create({ destination_tag: 4242 });
    expect(created.code).toBe('OK');
    taskId = created.data.task_id;
    // One task at a time: the next would need the Sequence this one holds.
    expect((await create({ destination_tag: 1 })).code).toBe('XRP_TASK_IN_PROGRESS_ERROR');
    expect(await taskCount()).toBe(tasksBefore + 1);
    expect((await space.admin.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 })).code).toBe(
      'OK',
    );

    const info = async () =>
      (await space.admin.client.get<XrpInfo>('/api/v1/task/info', { task_id: taskId })).data;
    const signing = await info();
    expect(signing.status).toBe(3);
    expect(signing.xrp).toMatchObject({ destination_tag: 4242 });
    expect(signing.xrp!.last_ledger_sequence).toBeGreaterThan(node.ledgerIndex());
    expect(new Date(signing.signing_expires_at!).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(signing.weights.map((w) => [w.weight, w.signed])).toEqual([
      [1, false],
      [1, false],
      [1, false],
    ]);
    const tx = JSON.parse(signing.xrp!.tx_json) as Record<string, unknown>;
    const sign = (i: number, signature: string) =>
      who(i).client.post<{ status: number }>('/api/v1/sign', { task_id: taskId, signature });
    expect((await sign(1, JSON.stringify(signerEntry(tx, outsider)))).code).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    const otherAmount = signerEntry({ ...tx, Amount: '6000000' }, keys[1]!);
    expect((await sign(1, JSON.stringify(otherAmount))).code).toBe('SIGNATURE_INVALID_ERROR');
    expect((await sign(0, JSON.stringify(signerEntry(tx, keys[1]!)))).code).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    expect((await sign(1, JSON.stringify(signerEntry(tx, keys[1]!)))).data.status).toBe(3);
    expect((await info()).progress).toMatchObject({ signed: 1, signing_threshold: 2 });
    expect((await sign(2, JSON.stringify(signerEntry(tx, keys[2]!)))).data.status).toBe(5);

    const before = (await fetchAccount(node, payee.address)).Balance;
    const sent = await space.admin.client.post<{ status: number; tx_hash: string }>('/api/v1/broadcast', {
      task_id: taskId,
    });
    expect(sent.code).toBe('OK');
    await followTransfers(t.ctx);
    expect((await info()).status).toBe(1);
    // Read back from the fixture ledger: the tag, and exactly 5 XRP delivered.
    const onLedger = await rpc(node, 'tx', { transaction: sent.data.tx_hash });
    expect(onLedger).toMatchObject({
      DestinationTag: 4242,
      validated: true,
      meta: { TransactionResult: 'tesSUCCESS' },
    });
    expect(BigInt((await fetchAccount(node, payee.address)).Balance) - BigInt(before)).toBe(5n * XRP);
  });

  it('an issued currency is a custom token "CURRENCY.issuer"; its trust-line balance is the wallet\'s', async () => {
    node.setTrustBalance(master.address, 'USD', FIXTURE_USD_ISSUER, '250.75');
    const contract = `USD.${FIXTURE_USD_ISSUER}`;
    const added = await space.admin.client.post('/api/v1/wallets/custom-token', {
      wallet_id: walletId,
      contract,
    });
    expect(added.code).toBe('OK');
    const unknownIssuer = `USD.${testKey('secp256k1', 'api-nobody').address}`;
    expect(
      (
        await space.admin.client.post('/api/v1/wallets/custom-token', {
          wallet_id: walletId,
          contract: unknownIssuer,
        })
      ).code,
    ).toBe('TOKEN_NOT_FOUND_ERROR');
    await refreshBalances(t.ctx, [walletId]);
    const assets = await space.admin.client.get<{
      detail: { symbol: string; amount: string; lock_amount: string }[];
    }>('/api/v1/wallets/asset-info', { wallet_id: walletId });
    expect(assets.data.detail.find((line) => line.symbol === 'USD')).toMatchObject({
      amount: '250.75',
      lock_amount: '0',
    });
  });

  it('an XRP payment to the wallet from outside is recorded as a deposit', async () => {
    await recordDeposits(t.ctx); // the cursor starts at the tip
    node.fund(master.address, 7n * XRP);
    node.closeLedger(1);
    await recordDeposits(t.ctx);
    const records = await space.admin.client.get<{ list: { amount: string; symbol: string }[] }>(
      '/api/v1/transfer/records',
      { direction: 1, wallet_id: walletId },
    );
    expect(records.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ amount: '7', symbol: 'XRP' })]),
    );
  });
});

async function rpc(node: XrplFixtureNode, method: string, params: Record<string, unknown>) {
  const res = await fetch(node.url, { method: 'POST', body: JSON.stringify({ method, params: [params] }) });
  return ((await res.json()) as { result: Record<string, unknown> }).result;
}
const fetchAccount = async (node: XrplFixtureNode, account: string) =>
  (await rpc(node, 'account_info', { account })).account_data as { Balance: string };
