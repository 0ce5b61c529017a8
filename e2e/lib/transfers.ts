import { createPublicClient, erc20Abi, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { registerAccount } from './accounts';
import type { ApiSession } from './api-session';
import { addMember, createSpace, registerCreator } from './spaces';
import { devnetRpcUrl } from './wallet-provider';

/**
 * Devnet test accounts 1–3 (publicly known Hardhat keys): the keys the web app's devnet signer
 * holds, so the browser signs with them through the UI. The wallet tests use 7–9.
 */
export const DEVNET_KEYS = {
  1: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  2: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  3: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
} as const satisfies Record<number, Hex>;

export interface Person {
  email: string;
  session: ApiSession;
  userId: number;
}

async function person(account: { email: string; session: ApiSession }): Promise<Person> {
  const info = await account.session.call<{ user_id: number }>('GET', '/api/v1/user/base-info');
  return { ...account, userId: info.user_id };
}

/** Adds and verifies a signer address through the API (the challenge signed here with the key). */
export async function verifySigner(session: ApiSession, key: Hex, name: string): Promise<void> {
  const account = privateKeyToAccount(key);
  const added = await session.call<{ id: number }>('POST', '/api/v1/permission-address', {
    name,
    address: account.address,
    source: 'devnet',
  });
  const challenge = await session.call<{ challenge_id: number; message: string }>(
    'GET',
    `/api/v1/permission-address/challenge?id=${added.id}`,
  );
  const signature = await account.signMessage({ message: challenge.message });
  await session.call('POST', '/api/v1/permission-address/verify', {
    id: added.id,
    challenge_id: challenge.challenge_id,
    signature,
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeout = 45_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 400)}`);
    await sleep(500);
  }
}

/**
 * Resolves once the deposit watcher has told `session`'s user of `count` deposits to the wallet
 * named `walletName`. The watcher is a job of the server (every few seconds) and, in a full run,
 * often records a setup's funding after the balance already reads as funded: a setup that funds a
 * wallet waits for these notices, so their "Deposit to …" toasts do not appear later on a page a
 * test has opened, at a moment no test chose (over a button it clicks, in its pictures, or where
 * it checks that no toast is shown).
 */
export async function depositNoticesWritten(
  session: ApiSession,
  walletName: string,
  count: number,
): Promise<void> {
  const query = `tab=transfer&page_size=50&keyword=${encodeURIComponent(walletName)}`;
  await waitFor(
    `${count} deposit notices of ${walletName}`,
    () => session.call<{ list: Array<{ title: string }> }>('GET', `/api/v1/notification?${query}`),
    (page) => page.list.filter((item) => item.title === `Deposit to ${walletName}`).length >= count,
  );
}

export interface TransferTeam {
  spaceId: number;
  admin: Person & { secret: string };
  approvers: [Person, Person];
  signers: [Person, Person];
  walletId: number;
  safe: Hex;
  usdt: Hex;
}

/**
 * One space with five people — the admin (creator, operator, third signer, broadcaster), two
 * approvers (2 of 2) and two signers — and a deployed 2-of-3 Safe on the devnet funded with
 * 1 ETH and 1,000 test USDT. Everything through the real API.
 */
export async function setupTransferTeam(): Promise<TransferTeam> {
  const admin = await registerCreator();
  const space = await createSpace(admin.session, 'Transfer desk');
  // One after another: a registration reads the newest captcha answer.
  const others = [];
  for (let index = 0; index < 4; index += 1) others.push(await registerAccount());
  for (const other of others) await addMember(admin.session, other);
  const [a1, a2, s1, s2] = await Promise.all(others.map(person));
  const me = await person(admin);
  await Promise.all([
    verifySigner(s1!.session, DEVNET_KEYS[1], 'Signer one'),
    verifySigner(s2!.session, DEVNET_KEYS[2], 'Signer two'),
    verifySigner(admin.session, DEVNET_KEYS[3], 'Admin key'),
  ]);
  const choices = await admin.session.call<{ list: Array<{ id: number }> }>(
    'GET',
    '/api/v1/permission-address/wallet-sign-user',
  );
  const wallet = await deploySafe(admin.session, {
    name: 'Ops Safe',
    signers: choices.list.map((item) => item.id),
    threshold: 2,
    approvers: [a1!.userId, a2!.userId],
    approval_threshold: 2,
    operators: [me.userId],
    broadcast_scope: 2,
  });
  await admin.session.call('POST', '/api/v1/dev/faucet', { address: wallet.address, eth: '1', usdt: '1000' });
  const assets = await waitFor(
    'the funded balance',
    async () => {
      await admin.session
        .call('POST', '/api/v1/wallets/refresh-balance', { wallet_id: wallet.wallet_id })
        .catch(() => undefined);
      return admin.session.call<{
        detail: Array<{ symbol: string; contract_address: Hex | null; amount: string }>;
      }>('GET', `/api/v1/wallets/asset-info?wallet_id=${wallet.wallet_id}`);
    },
    (value) => value.detail.some((line) => line.symbol === 'USDT' && Number(line.amount) >= 1000),
  );
  const usdt = assets.detail.find((line) => line.symbol === 'USDT')!.contract_address!;
  // The ETH and the USDT: two deposits, two notices to the admin (the Safe's operator).
  await depositNoticesWritten(admin.session, 'Ops Safe', 2);
  return {
    spaceId: space.organization_id,
    admin: { ...me, secret: admin.secret },
    approvers: [a1!, a2!],
    signers: [s1!, s2!],
    walletId: wallet.wallet_id,
    safe: wallet.address,
    usdt,
  };
}

/**
 * Creates a Safe through the wizard's API (chain 31337), sends its deployment from devnet account
 * 3 and resolves once the server has seen it deployed.
 */
export async function deploySafe(
  session: ApiSession,
  body: {
    name: string;
    signers: number[];
    threshold: number;
    approvers: number[];
    approval_threshold: number;
    operators: number[];
    broadcast_scope: number;
  },
): Promise<{ wallet_id: number; address: Hex }> {
  const wallet = await session.call<{ wallet_id: number; address: Hex; deployment: { to: Hex; data: Hex } }>(
    'POST',
    '/api/v1/wallets/multi',
    { chain_key: '31337', ...body },
  );
  const sent = await session.call<{ tx_hash: Hex }>('POST', '/api/v1/dev/devnet-send', {
    from_index: 3,
    to: wallet.deployment.to,
    data: wallet.deployment.data,
  });
  await session.call('POST', '/api/v1/wallet-deploy-broadcast-create', {
    wallet_id: wallet.wallet_id,
    tx_hash: sent.tx_hash,
  });
  await waitFor(
    'the Safe deployment',
    () => session.call<{ status: number }>('GET', `/api/v1/wallets/base-info?wallet_id=${wallet.wallet_id}`),
    (info) => info.status === 1,
  );
  return wallet;
}

/** The USDT balance of `address` read from the devnet's RPC (6 decimals, in units). */
export async function usdtBalance(usdt: Hex, address: Hex): Promise<bigint> {
  const client = createPublicClient({ chain: hardhat, transport: http(devnetRpcUrl()) });
  return client.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
}

export interface TaskInfo {
  task_id: number;
  status: number;
  hash: string | null;
  typed_data: { types: Record<string, unknown> } | null;
  rejection: { task_id: number; status: number } | null;
}

export const taskInfo = (session: ApiSession, taskId: number) =>
  session.call<TaskInfo>('GET', `/api/v1/task/info?task_id=${taskId}`);

/** Signs the task's EIP-712 Safe transaction with a devnet key through the API (POST /sign). */
export async function signByApi(session: ApiSession, taskId: number, key: Hex): Promise<void> {
  const info = await waitFor(
    'typed data',
    () => taskInfo(session, taskId),
    (value) => value.typed_data !== null,
  );
  const { EIP712Domain: _domain, ...types } = info.typed_data!.types;
  const signature = await privateKeyToAccount(key).signTypedData({
    ...(info.typed_data as object),
    types,
  } as never);
  await session.call('POST', '/api/v1/sign', { task_id: taskId, signature, kind: 'eip712' });
}

/** A transfer created through the API by the operator, approved by both approvers when asked. */
export async function transferByApi(
  team: TransferTeam,
  to: Hex,
  amount: string,
  approve = false,
): Promise<number> {
  const task = await team.admin.session.call<{ task_id: number }>('POST', '/api/v1/task', {
    wallet_id: team.walletId,
    to,
    amount,
    token: team.usdt,
    acknowledge_similar: false,
    fee_tier: 'standard',
  });
  if (approve)
    for (const approver of team.approvers)
      await approver.session.call('POST', '/api/v1/task/approve', { task_id: task.task_id, result: 1 });
  return task.task_id;
}

/** A fresh recipient address nobody holds. */
export function randomAddress(): Hex {
  const bytes = Array.from({ length: 20 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  );
  return `0x${bytes.join('')}` as Hex;
}

/** What POST /broadcast-create hands the broadcaster: the execTransaction to sign with its account. */
export interface PreparedExecution {
  chain_id: number;
  to: Hex;
  data: Hex;
  value: string;
  nonce: number;
  gas: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
}

/** The broadcaster's account signs the prepared execution as its wallet would (EIP-1559). */
export function signPrepared(account: PrivateKeyAccount, prepared: PreparedExecution): Promise<Hex> {
  return account.signTransaction({
    chainId: prepared.chain_id,
    type: 'eip1559',
    to: prepared.to,
    data: prepared.data,
    value: BigInt(prepared.value),
    nonce: prepared.nonce,
    gas: BigInt(prepared.gas),
    maxFeePerGas: BigInt(prepared.max_fee_per_gas),
    maxPriorityFeePerGas: BigInt(prepared.max_priority_fee_per_gas),
  });
}

/**
 * The wallet's usual steps for a task, by API: both approvers approve, two signers sign, and a
 * fresh funded account broadcasts the execution. Resolves the chain transaction's hash.
 */
export async function approveSignAndBroadcast(team: TransferTeam, taskId: number): Promise<Hex> {
  for (const approver of team.approvers)
    await approver.session.call('POST', '/api/v1/task/approve', { task_id: taskId, result: 1 });
  await signByApi(team.signers[0].session, taskId, DEVNET_KEYS[1]);
  await signByApi(team.signers[1].session, taskId, DEVNET_KEYS[2]);
  const broadcaster = privateKeyToAccount(generatePrivateKey());
  const admin = team.admin.session;
  await admin.call('POST', '/api/v1/dev/faucet', { address: broadcaster.address, eth: '1' });
  const prepared = await admin.call<PreparedExecution>('POST', '/api/v1/broadcast-create', {
    task_id: taskId,
    from: broadcaster.address,
  });
  const sent = await admin.call<{ tx_hash: Hex }>('POST', '/api/v1/broadcast', {
    task_id: taskId,
    raw_tx: await signPrepared(broadcaster, prepared),
  });
  return sent.tx_hash;
}
