/// <reference lib="dom" />
import { createPublicClient, http, parseUnits, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import type { Locator } from 'playwright-core';
import { mailIds, waitForCode, type ApiSession } from './api-session';
import { createSpace, registerCreator } from './spaces';
import { fundedPayer, sendToken, subscriptionOrder, type SubscriptionOrder } from './subscription-pay';
import { depositNoticesWritten, deploySafe, waitFor } from './transfers';
import { devnetRpcUrl } from './wallet-provider';

const DEVNET = '31337';

/** The native balance of `address` on the devnet, read from its RPC (wei). */
export function ethBalance(address: Hex): Promise<bigint> {
  return createPublicClient({ chain: hardhat, transport: http(devnetRpcUrl()) }).getBalance({ address });
}

/** Adds and verifies a signer address of the session's user with `key` (the challenge signed here). */
async function verifyKey(session: ApiSession, key: Hex, name: string): Promise<number> {
  const account = privateKeyToAccount(key);
  const added = await session.call<{ id: number }>('POST', '/api/v1/permission-address', {
    name,
    address: account.address,
    source: 'browser',
  });
  const challenge = await session.call<{ challenge_id: number; message: string }>(
    'GET',
    `/api/v1/permission-address/challenge?id=${added.id}`,
  );
  await session.call('POST', '/api/v1/permission-address/verify', {
    id: added.id,
    challenge_id: challenge.challenge_id,
    signature: await account.signMessage({ message: challenge.message }),
  });
  return added.id;
}

export interface SponsorSpace {
  admin: Awaited<ReturnType<typeof registerCreator>> & { userId: number };
  spaceId: number;
  walletId: number;
  safe: Hex;
  /** The admin's two signer keys (fresh, never used elsewhere): the Safe is 2-of-2 over them. */
  keys: [Hex, Hex];
}

/**
 * A space on the free plan whose one person, the admin, is creator, operator, both signers
 * (two fresh keys) and broadcaster of a deployed 2-of-2 Safe on the devnet holding 1 ETH; no
 * approval step. Everything through the real API.
 */
export async function setupSponsorSpace(): Promise<SponsorSpace> {
  const admin = await registerCreator();
  const space = await createSpace(admin.session, 'Gas desk');
  const { user_id: userId } = await admin.session.call<{ user_id: number }>('GET', '/api/v1/user/base-info');
  const keys: [Hex, Hex] = [generatePrivateKey(), generatePrivateKey()];
  const signers = [
    await verifyKey(admin.session, keys[0], 'Admin key A'),
    await verifyKey(admin.session, keys[1], 'Admin key B'),
  ];
  const wallet = await deploySafe(admin.session, {
    name: 'Gas Safe',
    signers,
    threshold: 2,
    approvers: [],
    approval_threshold: 0,
    operators: [userId],
    broadcast_scope: 2,
  });
  await admin.session.call('POST', '/api/v1/dev/faucet', { address: wallet.address, eth: '1' });
  await waitFor(
    'the Safe’s ETH',
    () => ethBalance(wallet.address),
    (wei) => wei > 0n,
    15_000,
  );
  await depositNoticesWritten(admin.session, 'Gas Safe', 1);
  return {
    admin: { ...admin, userId },
    spaceId: space.organization_id,
    walletId: wallet.wallet_id,
    safe: wallet.address,
    keys,
  };
}

/**
 * Plus for one month, paid as a customer pays it: an order through the API and its exact USDT
 * amount sent on the devnet from a funded payer; resolves once the order is credited.
 */
export async function payPlus(session: ApiSession): Promise<SubscriptionOrder> {
  const plans = await session.call<{
    methods: Array<{ chain_key: string; token_contract: Hex; decimals: number }>;
  }>('GET', '/api/v1/subscription/plans');
  const devnet = plans.methods.find((method) => method.chain_key === DEVNET);
  if (!devnet) throw new Error('the devnet is not a USDT payment method');
  const [order, payer] = await Promise.all([
    session.call<SubscriptionOrder>('POST', '/api/v1/subscription/order', {
      plan: 'plus',
      months: 1,
      chain_key: DEVNET,
    }),
    fundedPayer(session, devnet.token_contract, '200'),
  ]);
  await sendToken(payer, order.token_contract, order.pay_to, parseUnits(order.amount, devnet.decimals));
  return waitFor(
    'the plan payment to be credited',
    () => subscriptionOrder(session, order.order_id),
    (value) => value.status === 'paid',
    60_000,
  );
}

/** Asks for an e-mail code with the send button inside `scope`, reads it from the dev mailbox and types it. */
export async function typeEmailCode(
  scope: Locator,
  email: string,
  purpose: string,
  input: string,
): Promise<void> {
  const seen = await mailIds(email);
  await scope.getByTestId('send-code').click();
  const code = await waitForCode(email, seen, `code:${purpose}`);
  await scope.locator(input).fill(code);
}
