// Subscriptions paid in USDT on Tron (TRC20, issue 18) against the SYNTHETIC fixture node
// (packages/tron-fixture-node; no Tron node runs here): the payer's TRC20 transfer is built by the
// node's triggersmartcontract, signed with @noble (the test kit) and broadcast as a wallet would;
// the watcher reads its Transfer event and credits the order once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_USDT, startTronFixtureNode, type TronFixtureNode } from '@keystead/tron-fixture-node';
import { post } from '@keystead/tron-fixture-node/fixture-test-helpers';
import { tronEvmWord } from '@keystead/chains/tron/address';
import { signPayload, testKey } from '@keystead/chains/tron/tron-test-kit';
import type { SubscriptionOrder, SubscriptionPlans } from '@keystead/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import { toScaled } from '../wallets/decimal';
import { creditSubscriptions } from './subscription-payments';

const payTo = testKey(40);
const payer = testKey(41);
let node: TronFixtureNode;
let t: TestApp;
let admin: Person;
let spaceId: number;

/** A TRC20 transfer(to, amount) of the fixture USDT from the payer, signed and broadcast. */
async function payUsdt(to: string, units: bigint): Promise<string> {
  const parameter = tronEvmWord(to).slice(2).padStart(64, '0') + units.toString(16).padStart(64, '0');
  const built = await post(node, '/wallet/triggersmartcontract', {
    owner_address: payer.address,
    contract_address: FIXTURE_USDT,
    function_selector: 'transfer(address,uint256)',
    parameter,
    fee_limit: 100_000_000,
    visible: true,
  });
  const unsigned = { signature: [], ...built.transaction };
  const signed = JSON.parse(signPayload(JSON.stringify(unsigned), [payer.privateKey]));
  const sent = await post(node, '/wallet/broadcasttransaction', signed);
  expect(sent.result).toBe(true);
  return String(signed.txID);
}

beforeAll(async () => {
  node = await startTronFixtureNode();
  t = await createTestApp(
    { SUBSCRIPTION_PAY_TO_TRON: payTo.address, SUBSCRIPTION_CONFIRMATIONS: '1' },
    {
      chains: [
        {
          family: 'TRX',
          chainId: 'trx',
          name: 'Tron (fixture)',
          rpcUrl: node.url,
          usdt: FIXTURE_USDT,
          isDevnet: false,
        },
      ],
    },
  );
  admin = await person(t, { mfa: true, prefix: 'tron-subscriber' });
  spaceId = await createSpace(admin, 'Tron payer');
  node.fund(payer.address, 1_000_000_000n);
  node.fundToken(FIXTURE_USDT, payer.address, 1_000_000_000n);
  await creditSubscriptions(t.ctx); // starts the watcher's cursor
}, 60_000);
afterAll(async () => {
  await t?.close();
  await node?.close();
});

describe('a subscription paid in TRC20 USDT', () => {
  it('is offered on Tron with the chain’s USDT and the Tron receiving address', async () => {
    const plans = (await admin.client.get<SubscriptionPlans>('/api/v1/subscription/plans')).data;
    expect(plans.methods).toContainEqual(
      expect.objectContaining({
        method: 'usdt',
        chain_key: 'trx',
        token_contract: FIXTURE_USDT,
        decimals: 6,
      }),
    );
  });

  it('is credited once from the Transfer event of the exact amount', async () => {
    const order = await admin.client.post<SubscriptionOrder>('/api/v1/subscription/order', {
      plan: 'plus',
      months: 1,
      chain_key: 'trx',
    });
    expect(order.code).toBe('OK');
    expect(order.data.pay_to).toBe(payTo.address);
    const txId = await payUsdt(payTo.address, toScaled(order.data.amount, 6));
    node.mine(1);
    await creditSubscriptions(t.ctx);
    await creditSubscriptions(t.ctx);
    const paid = await admin.client.get<SubscriptionOrder>('/api/v1/subscription/order', {
      order_id: order.data.order_id,
    });
    expect(paid.data).toMatchObject({ status: 'paid', tx_hash: txId });
    const space = await t.ctx.db
      .selectFrom('organizations')
      .select(['plan', 'plan_expires_at'])
      .where('id', '=', spaceId)
      .executeTakeFirstOrThrow();
    expect(space.plan).toBe('plus');
    const payments = await t.ctx.db
      .selectFrom('subscription_payments')
      .selectAll()
      .where('tx_hash', '=', txId)
      .execute();
    expect(payments).toHaveLength(1);
  });
});
