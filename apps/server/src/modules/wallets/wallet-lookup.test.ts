/**
 * The §7 wallet look-ups: pickers, existence, setup progress, upcoming transfers, the chain's
 * tokens, members who can take a role, wallets to start a transfer from, who may broadcast,
 * what an address is, a live balance — each limited to the caller's space and wallets.
 */
import { createPublicClient, formatEther, http, parseGwei, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { confirmDeployments } from '../../jobs/wallet-jobs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Person } from '../../../test/space-helpers';
import { createSafe, transferSpace, type DeployedSafe } from '../../../test/transfer-helpers';
import { WalletStatus } from './wallet-status';

let t: TestApp;
let admin: Person;
let operator: Person;
let bystander: Person;
let outsider: Person;
let safe: DeployedSafe;
const CHAIN = '31337';

beforeAll(async () => {
  t = await createTestApp();
  const space = await transferSpace(t, 3, 'Lookups');
  admin = space.admin;
  [operator, bystander] = space.members as [Person, Person];
  // A member (role 0 in transferSpace) who only operates; the bystander holds nothing on it.
  safe = await createSafe(
    t,
    admin,
    {
      signers: [
        { who: admin, key: 14 },
        { who: operator, key: 15 },
      ],
      threshold: 2,
      operators: [operator],
      broadcastScope: 3,
      deployFrom: 1,
      deploy: false,
    },
    'Lookup Safe',
  );
  outsider = (await transferSpace(t, 0, 'Elsewhere')).admin;
}, 120_000);

afterAll(() => t?.close());

describe('wallet look-ups', () => {
  it('/wallets/simple lists what the caller sees: all for admins, own wallets for members', async () => {
    const names = async (who: Person) =>
      (await who.client.get<{ list: Array<{ name: string }> }>('/api/v1/wallets/simple', {})).data.list.map(
        (w) => w.name,
      );
    expect(await names(admin)).toEqual(['Lookup Safe']);
    expect(await names(operator)).toEqual(['Lookup Safe']);
    expect(await names(bystander)).toEqual([]);
    expect(await names(outsider)).toEqual([]);
    expect((await operator.client.get('/api/v1/wallets/simple', { archived: 'true' })).code).toBe(
      'PERMISSION_VIEW_ERROR',
    );
  });

  it('/wallets/exist answers for this space only, in any spelling of an 0x address', async () => {
    const lower = safe.address.toLowerCase();
    expect(
      (await admin.client.get('/api/v1/wallets/exist', { chain_key: CHAIN, address: lower })).data,
    ).toEqual({
      exist: true,
      wallet_id: safe.walletId,
    });
    expect(
      (await outsider.client.get('/api/v1/wallets/exist', { chain_key: CHAIN, address: lower })).data,
    ).toEqual({
      exist: false,
      wallet_id: null,
    });
  });

  it('/wallets/status and /wallets/schedule show the Safe waiting for its deployment', async () => {
    const status = await operator.client.get('/api/v1/wallets/status', { wallet_id: safe.walletId });
    expect(status.data).toEqual({
      wallet_id: safe.walletId,
      status: WalletStatus.Initializing,
      deploy_tx_hash: null,
    });
    const schedule = await operator.client.get<{ steps: Array<{ step: string; state: string }> }>(
      '/api/v1/wallets/schedule',
      { wallet_id: safe.walletId },
    );
    expect(schedule.data.steps.map((s) => [s.step, s.state])).toEqual([
      ['created', 'done'],
      ['on_chain_setup', 'current'],
      ['verification', 'skipped'],
      ['ready', 'waiting'],
    ]);
    // The initialization task: the deployment to send, the same every time it is asked for.
    const init = await operator.client.post<{
      task_id: number;
      to: string;
      data: string;
      predicted_address: string;
    }>('/api/v1/task/wallet-init', { wallet_id: safe.walletId });
    expect(init.code).toBe('OK');
    expect(init.data.predicted_address).toBe(safe.address);
    const again = await admin.client.post('/api/v1/task/wallet-init', { wallet_id: safe.walletId });
    expect(again.data).toEqual(init.data);
    // What sending it costs: the node's own estimate of exactly that transaction, at the tier's max fee.
    const estimate = await operator.client.post<{
      gas: string;
      max_fee_gwei: string;
      fee: string;
      symbol: string;
    }>('/api/v1/fee/deploy-estimate', { wallet_id: safe.walletId });
    expect(estimate.code).toBe('OK');
    const nodeGas = await createPublicClient({ transport: http(inject('devnet')!.rpcUrl) }).estimateGas({
      to: init.data.to as Hex,
      data: init.data.data as Hex,
    });
    expect(BigInt(estimate.data.gas)).toBe(nodeGas);
    expect(estimate.data.fee).toBe(formatEther(nodeGas * parseGwei(estimate.data.max_fee_gwei)));
    expect(estimate.data.symbol).toBe('ETH');
    expect((await outsider.client.post('/api/v1/task/wallet-init', { wallet_id: safe.walletId })).code).toBe(
      'WALLET_NOT_FOUND_ERROR',
    );
    for (const path of [
      '/api/v1/wallets/status',
      '/api/v1/wallets/schedule',
      '/api/v1/wallets/have-upcoming-task',
    ]) {
      expect((await bystander.client.get(path, { wallet_id: safe.walletId })).code).toBe(
        'WALLET_NOT_FOUND_ERROR',
      );
      expect((await outsider.client.get(path, { wallet_id: safe.walletId })).code).toBe(
        'WALLET_NOT_FOUND_ERROR',
      );
    }
  });

  it("/wallets/token lists the chain's coin and tokens; an unknown chain is refused", async () => {
    const tokens = await admin.client.get<{ list: Array<{ symbol: string; contract: string | null }> }>(
      '/api/v1/wallets/token',
      { chain_key: CHAIN },
    );
    expect(tokens.data.list.map((x) => x.symbol)).toEqual(['ETH', 'USDT']);
    expect(tokens.data.list[1]!.contract?.toLowerCase()).toBe(safe.usdt.toLowerCase());
    expect((await admin.client.get('/api/v1/wallets/token', { chain_key: 'nope' })).code).toBe(
      'WALLET_CHAIN_UNSUPPORTED_ERROR',
    );
  });

  it('/wallets/available-user lists joined members with their keys usable on the chain (admins only)', async () => {
    const users = await admin.client.get<{
      list: Array<{ user_id: number; signer_keys: Array<{ address: string }> }>;
    }>('/api/v1/wallets/available-user', { chain_key: CHAIN });
    const byUser = new Map(users.data.list.map((u) => [u.user_id, u.signer_keys.length]));
    expect(byUser.get(admin.userId)).toBe(1);
    expect(byUser.get(operator.userId)).toBe(1);
    expect(byUser.get(bystander.userId)).toBe(0);
    expect(byUser.has(outsider.userId)).toBe(false);
    expect((await operator.client.get('/api/v1/wallets/available-user', { chain_key: CHAIN })).code).toBe(
      'PERMISSION_VIEW_ERROR',
    );
  });

  it('/wallets/broadcast-user follows the broadcast scope: operators, approvers and admins under 3', async () => {
    const users = await operator.client.get<{
      broadcast_scope: number;
      automatic: boolean;
      list: Array<{ user_id: number }>;
    }>('/api/v1/wallets/broadcast-user', { wallet_id: safe.walletId });
    expect(users.data).toMatchObject({ broadcast_scope: 3, automatic: false });
    expect(users.data.list.map((u) => u.user_id).sort()).toEqual([admin.userId, operator.userId].sort());
  });

  it('/wallets/list-for-task gives usable wallets the caller operates, available = balance − what active transfers lock', async () => {
    const list = async (who: Person) =>
      (
        await who.client.get<{ list: Array<{ wallet_id: number; assets: Array<Record<string, string>> }> }>(
          '/api/v1/wallets/list-for-task',
          {},
        )
      ).data.list;
    // Not deployed yet: nothing to send from.
    expect(await list(operator)).toEqual([]);
    await t.ctx.db
      .updateTable('wallets')
      .set({ status: WalletStatus.Normal })
      .where('id', '=', safe.walletId)
      .execute();
    const usdtKey = safe.usdt.toLowerCase();
    await t.ctx.db
      .insertInto('wallet_balances')
      .values({ wallet_id: safe.walletId, token_key: usdtKey, amount: '5000000' })
      .execute();
    await t.ctx.db
      .insertInto('tasks')
      .values({
        organization_id: (
          await t.ctx.db
            .selectFrom('wallets')
            .select('organization_id')
            .where('id', '=', safe.walletId)
            .executeTakeFirstOrThrow()
        ).organization_id,
        wallet_id: safe.walletId,
        type: 1,
        status: 3,
        data: '{}',
        chain_key: CHAIN,
        token_key: usdtKey,
        symbol: 'USDT',
        decimals: 6,
        amount: '1250000',
        created_by: operator.userId,
      })
      .execute();
    const [wallet] = await list(operator);
    expect(wallet!.wallet_id).toBe(safe.walletId);
    expect(wallet!.assets.find((a) => a.symbol === 'USDT')).toEqual({
      token_key: usdtKey,
      symbol: 'USDT',
      balance: '5',
      locked: '1.25',
      available: '3.75',
    });
    // Admins see the wallet but do not operate it.
    expect(await list(admin)).toEqual([]);
    const upcoming = await admin.client.get('/api/v1/wallets/have-upcoming-task', {
      wallet_id: safe.walletId,
    });
    expect(upcoming.data).toEqual({ have: true, active: 1, pending_approval: 0 });
  });

  it('/addr-type names own wallets, new and invalid addresses', async () => {
    const type = async (address: string) =>
      (
        await operator.client.get<{ type: string; valid: boolean }>('/api/v1/addr-type', {
          chain_key: CHAIN,
          address,
        })
      ).data;
    expect(await type(safe.address.toLowerCase())).toMatchObject({ type: 'own_wallet', valid: true });
    expect(await type('0x000000000000000000000000000000000000dEaD')).toMatchObject({
      type: 'new',
      valid: true,
    });
    expect(await type('0x1234')).toMatchObject({ valid: false });
  });

  it("/balance reads a space wallet's balance from the chain; another space's wallet is not found", async () => {
    const live = await operator.client.get<{ list: Array<{ symbol: string; balance: string }> }>(
      '/api/v1/balance',
      {
        chain_key: CHAIN,
        address: safe.address,
      },
    );
    expect(live.code).toBe('OK');
    expect(live.data.list.map((x) => x.symbol)).toEqual(['ETH', 'USDT']);
    expect(
      (await outsider.client.get('/api/v1/balance', { chain_key: CHAIN, address: safe.address })).code,
    ).toBe('WALLET_NOT_FOUND_ERROR');
    expect(
      (await bystander.client.get('/api/v1/balance', { chain_key: CHAIN, address: safe.address })).code,
    ).toBe('WALLET_NOT_FOUND_ERROR');
  });

  it('/permission-address/protocol says how each configured family proves and signs; /wallets/initialization/volume what setup needs', async () => {
    const protocols = await outsider.client.get<{
      list: Array<{ family: string; chains: string[]; transfer: string }>;
    }>('/api/v1/permission-address/protocol');
    expect(protocols.data.list).toEqual([expect.objectContaining({ family: 'EVM', chains: [CHAIN] })]);
    expect(protocols.data.list[0]!.transfer).toContain('EIP-712');
    expect((await t.client().get('/api/v1/permission-address/protocol')).code).toBe(
      'UCS_USER_AUTHENTICATION',
    );
    const volume = await admin.client.get('/api/v1/wallets/initialization/volume', { chain_key: CHAIN });
    expect(volume.data).toEqual({ chain_id: CHAIN, symbol: 'ETH', amount: '0' });
  });

  it('/broadcast-wallet-deploy relays a signed deployment only if it is exactly the stored setup call', async () => {
    const second = await createSafe(
      t,
      admin,
      {
        signers: [
          { who: admin, key: 16 },
          { who: operator, key: 17 },
        ],
        threshold: 2,
        operators: [operator],
        deployFrom: 1,
        deploy: false,
      },
      'Relayed deployment',
    );
    const init = await operator.client.post<{ to: Hex; data: Hex }>('/api/v1/task/wallet-init', {
      wallet_id: second.walletId,
    });
    // Any funded account may send it; the caller must sign for the wallet.
    const sender = privateKeyToAccount(generatePrivateKey());
    expect((await admin.client.post('/api/v1/dev/faucet', { address: sender.address, eth: '1' })).code).toBe(
      'OK',
    );
    const client = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
    const sign = async (data: Hex) =>
      sender.signTransaction({
        chainId: 31337,
        type: 'eip1559',
        to: init.data.to,
        data,
        nonce: 0,
        gas: 1_000_000n,
        maxFeePerGas: 50_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      });
    const relay = (raw: string, who: Person = operator) =>
      who.client.post<{ status: number; tx_hash: string }>('/api/v1/broadcast-wallet-deploy', {
        wallet_id: second.walletId,
        raw_tx: raw,
      });
    // Another call (one bit of the setup data changed) is refused and nothing is sent.
    const at = 74; // inside the setup call's arguments
    const flipped = (parseInt(init.data.data[at]!, 16) ^ 1).toString(16);
    const tampered = await sign(
      `${init.data.data.slice(0, at)}${flipped}${init.data.data.slice(at + 1)}` as Hex,
    );
    expect((await relay(tampered)).code).toBe('TASK_DATA_CHANGED_ERROR');
    expect(await client.getTransactionCount({ address: sender.address })).toBe(0);
    const raw = await sign(init.data.data);
    // The bystander holds no key of this wallet.
    expect((await relay(raw, bystander)).code).toBe('WALLET_NOT_FOUND_ERROR');
    const sent = await relay(raw);
    expect(sent.code).toBe('OK');
    expect(sent.data.status).toBe(WalletStatus.DeployPending);
    const receipt = await client.waitForTransactionReceipt({ hash: sent.data.tx_hash as Hex });
    expect(receipt.status).toBe('success');
    await confirmDeployments(t.ctx);
    const status = await operator.client.get('/api/v1/wallets/status', { wallet_id: second.walletId });
    expect(status.data).toMatchObject({ status: WalletStatus.Normal, deploy_tx_hash: sent.data.tx_hash });
  });
});
