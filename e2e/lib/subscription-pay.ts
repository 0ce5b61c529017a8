import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import type { ApiSession } from './api-session';
import { waitFor } from './transfers';
import { devnetRpcUrl } from './wallet-provider';

/** What GET /subscription/order answers (packages/contract/src/api/subscription.ts). */
export interface SubscriptionOrder {
  order_id: number;
  plan: 'plus' | 'enterprise';
  months: number;
  status: 'pending' | 'paid' | 'expired';
  /** A card order's chain_key is 'card', its pay_to and token_contract empty. */
  method: 'usdt' | 'card';
  chain_key: string;
  token_symbol: string;
  token_contract: Hex;
  pay_to: Hex;
  amount: string;
  price: string;
  expires_at: string;
  created_at: string;
  paid_at: string | null;
  tx_hash: string | null;
  plan_expires_at: string | null;
  /** A card order's Stripe Checkout page (null for USDT). */
  checkout_url: string | null;
}

export const subscriptionOrder = (session: ApiSession, orderId: number) =>
  session.call<SubscriptionOrder>('GET', `/api/v1/subscription/order?order_id=${orderId}`);

export const subscriptionOrders = (session: ApiSession) =>
  session.call<{ list: SubscriptionOrder[] }>('GET', '/api/v1/subscription/orders');

/** A payer of its own on the devnet (a fresh key: no nonce shared with another test or the faucet). */
export interface Payer {
  account: PrivateKeyAccount;
  wallet: WalletClient;
  chain: PublicClient;
}

/** A fresh devnet account funded through the server's faucet with 1 ETH and `usdt` of the test USDT. */
export async function fundedPayer(session: ApiSession, usdt: Hex, usdtAmount: string): Promise<Payer> {
  const account = privateKeyToAccount(generatePrivateKey());
  const transport = http(devnetRpcUrl());
  const chain = createPublicClient({ chain: hardhat, transport });
  const wallet = createWalletClient({ account, chain: hardhat, transport });
  await session.call('POST', '/api/v1/dev/faucet', { address: account.address, eth: '1', usdt: usdtAmount });
  await waitFor(
    'the faucet’s USDT',
    () =>
      chain.readContract({
        address: usdt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account.address],
      }),
    (balance) => balance > 0n,
    15_000,
  );
  return { account, wallet, chain: chain as PublicClient };
}

/** An ERC-20 transfer of `units` (raw, 6 decimals for USDT) from the payer, once mined. */
export async function sendToken(
  payer: Payer,
  token: Hex,
  to: Hex,
  units: bigint,
): Promise<{ hash: Hex; blockNumber: bigint }> {
  const hash = await payer.wallet.writeContract({
    account: payer.account,
    chain: hardhat,
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, units],
  });
  const receipt = await payer.chain.waitForTransactionReceipt({ hash, timeout: 20_000 });
  if (receipt.status !== 'success') throw new Error(`the transfer ${hash} reverted`);
  return { hash, blockNumber: receipt.blockNumber };
}
