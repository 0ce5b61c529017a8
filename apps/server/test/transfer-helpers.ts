import { sql } from 'kysely';
import { createPublicClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { expect, inject } from 'vitest';
import { hardhatAccounts } from '@keystead/devnet';
import { confirmDeployments, refreshBalances } from '../src/jobs/wallet-jobs';
import { followTransfers } from '../src/jobs/transfer-watcher';
import { addMember, createSpace, person, type Person } from './space-helpers';
import type { TestApp } from './test-app';
import { verifiedSigner } from './wallet-helpers';

/**
 * Keys of the devnet mnemonic beyond the 10 funded accounts: signers only sign, so they need no
 * ether (the Safe's owners may be any of these; 1–9 can also send transactions).
 */
const KEYS = hardhatAccounts(30).map((account) => account.privateKey as Hex);
export function signerKey(index: number): Hex {
  return KEYS[index]!;
}
export function keyAddress(index: number): string {
  return privateKeyToAccount(KEYS[index]!).address;
}

export interface TransferSpace {
  admin: Person;
  spaceId: number;
  members: Person[];
}

/** A space on the plus plan with its creator and `count` ordinary members. */
export async function transferSpace(
  t: TestApp,
  count: number,
  name = 'Transfers',
  kind: 1 | 2 = 1,
): Promise<TransferSpace> {
  const admin = await person(t, { mfa: true, prefix: 'ops' });
  const spaceId = await createSpace(admin, name, 'formal', kind);
  await t.ctx.db
    .updateTable('organizations')
    .set({ plan: 'enterprise', plan_expires_at: new Date(Date.now() + 86_400_000) })
    .where('id', '=', spaceId)
    .execute();
  const members: Person[] = [];
  for (let i = 0; i < count; i++) members.push(await addMember(t, admin, spaceId, 0));
  return { admin, spaceId, members };
}

export interface SafeSpec {
  /**
   * Who holds which key (index into the devnet mnemonic); one person may hold several.
   * `signerId`: a signer address the person verified elsewhere (a phone's own key).
   */
  signers: Array<{ who: Person; key: number } | { who: Person; signerId: number }>;
  threshold: number;
  approvers?: Person[];
  approvalThreshold?: number;
  operators: Person[];
  viewers?: Person[];
  broadcastScope?: 2 | 3 | 4;
  /** Devnet account (1–9) that sends the deployment; distinct per test file avoids nonce races. */
  deployFrom: number;
  /** Skip deployment and funding (a wallet that only needs to exist). */
  deploy?: boolean;
  usdt?: string;
}

export interface DeployedSafe {
  walletId: number;
  address: string;
  usdt: string;
}

/** Creates the Safe through the wizard's API, deploys it from a devnet account and funds it. */
export async function createSafe(
  t: TestApp,
  admin: Person,
  spec: SafeSpec,
  name = 'Payments',
): Promise<DeployedSafe> {
  const signerIds: number[] = [];
  for (const signer of spec.signers) {
    if ('signerId' in signer) signerIds.push(signer.signerId);
    else signerIds.push((await verifiedSigner(signer.who, signerKey(signer.key), `Key ${signer.key}`)).id);
  }
  const created = await admin.client.post<{
    wallet_id: number;
    address: string;
    deployment: { to: string; data: string };
  }>('/api/v1/wallets/multi', {
    name,
    chain_key: '31337',
    signers: signerIds,
    threshold: spec.threshold,
    approvers: (spec.approvers ?? []).map((p) => p.userId),
    approval_threshold: spec.approvalThreshold ?? 0,
    operators: spec.operators.map((p) => p.userId),
    viewers: (spec.viewers ?? []).map((p) => p.userId),
    broadcast_scope: spec.broadcastScope ?? 3,
  });
  expect(created.code).toBe('OK');
  const walletId = created.data.wallet_id;
  const usdt = t.ctx.chains.defaultTokens('31337')[0]!.contract!;
  if (spec.deploy === false) return { walletId, address: created.data.address, usdt };
  const deployer = spec.signers[0]!.who;
  const sent = await deployer.client.post<{ tx_hash: string }>('/api/v1/dev/devnet-send', {
    from_index: spec.deployFrom,
    ...created.data.deployment,
  });
  expect(sent.code).toBe('OK');
  expect(
    (
      await deployer.client.post('/api/v1/wallet-deploy-broadcast-create', {
        wallet_id: walletId,
        tx_hash: sent.data.tx_hash,
      })
    ).code,
  ).toBe('OK');
  expect(await confirmDeployments(t.ctx)).toBeGreaterThanOrEqual(1);
  expect(
    (
      await admin.client.post('/api/v1/dev/faucet', {
        address: created.data.address,
        eth: '1',
        usdt: spec.usdt ?? '1000',
      })
    ).code,
  ).toBe('OK');
  await refreshBalances(t.ctx, [walletId]);
  return { walletId, address: created.data.address, usdt };
}

/** The task's Safe transaction hash, signed as eth_signTypedData_v4 (eip712) or eth_sign does. */
export async function signatureFor(
  who: Person,
  /** A key of the devnet mnemonic by index, or a private key. */
  key: number | Hex,
  taskId: number,
  kind: 'eip712' | 'eth_sign' = 'eip712',
  hash?: Hex,
): Promise<Hex> {
  const account = privateKeyToAccount(typeof key === 'number' ? signerKey(key) : key);
  const digest =
    hash ??
    (await who.client.get<{ safe_tx_hash: Hex }>('/api/v1/task/info', { task_id: taskId })).data.safe_tx_hash;
  return kind === 'eip712'
    ? account.sign({ hash: digest })
    : account.signMessage({ message: { raw: digest } });
}

/** Everything a transfer step may change, to compare before and after a refused request. */
export async function taskSnapshot(t: TestApp, taskId: number) {
  const [task, approvals, signatures, audit, notifications, locked] = await Promise.all([
    t.ctx.db
      .selectFrom('tasks')
      .select(['status', 'updated_at', 'sequence', 'amount'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow(),
    t.ctx.db
      .selectFrom('task_approvals')
      .select(['user_id', 'result'])
      .where('task_id', '=', taskId)
      .orderBy('user_id')
      .execute(),
    t.ctx.db
      .selectFrom('task_signatures')
      .select(['signer', 'user_id'])
      .where('task_id', '=', taskId)
      .orderBy('signer')
      .execute(),
    t.ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    t.ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    // Balance locks: the amounts of active transfers (§5 "not above balance" counts them).
    t.ctx.db
      .selectFrom('tasks')
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`count(*) filter (where type = 1 and status in (0, 3, 5, 6))`.as('active'),
        sql<string>`coalesce(sum(amount) filter (where type = 1 and status in (0, 3, 5, 6)), 0)::text`.as(
          'locked',
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    status: task.status,
    updatedAt: task.updated_at.toISOString(),
    nonce: String(task.sequence),
    amount: String(task.amount),
    approvals,
    signatures,
    auditRows: Number(audit.n),
    notifications: Number(notifications.n),
    tasks: Number(locked.n),
    activeTasks: Number(locked.active),
    lockedAmount: locked.locked,
  };
}

/** Audit rows of one transfer, by operation and user. */
export async function transferAudit(
  t: TestApp,
  taskId: number,
): Promise<Array<{ operation: string; user_id: number | null }>> {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .select(['operation', 'user_id', 'content'])
    .where('type', '=', 'transfer')
    .orderBy('id')
    .execute();
  return rows
    .filter((row) => Number((row.content as { task_id?: number }).task_id) === taskId)
    .map((row) => ({ operation: row.operation, user_id: row.user_id === null ? null : Number(row.user_id) }));
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
export function signPreparedExecution(account: PrivateKeyAccount, prepared: PreparedExecution): Promise<Hex> {
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
 * A Safe task run to the chain by API: the approvers approve, each [person, key] signs, a fresh
 * account funded by the faucet broadcasts, and the watcher records the execution.
 */
export async function executeByApi(
  t: TestApp,
  admin: Person,
  taskId: number,
  steps: { approvers?: Person[]; signers: Array<readonly [Person, number | Hex]> },
): Promise<{ txHash: Hex; gasUsed: bigint }> {
  for (const approver of steps.approvers ?? []) {
    const approved = await approver.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 });
    expect(approved.code, approved.raw).toBe('OK');
  }
  for (const [who, key] of steps.signers) {
    const signature = await signatureFor(who, key, taskId);
    const signed = await who.client.post('/api/v1/sign', { task_id: taskId, signature });
    expect(signed.code, signed.raw).toBe('OK');
  }
  const broadcaster = privateKeyToAccount(generatePrivateKey());
  const funded = await admin.client.post('/api/v1/dev/faucet', { address: broadcaster.address, eth: '1' });
  expect(funded.code).toBe('OK');
  const prepared = await admin.client.post<PreparedExecution>('/api/v1/broadcast-create', {
    task_id: taskId,
    from: broadcaster.address,
  });
  expect(prepared.code, prepared.raw).toBe('OK');
  const sent = await admin.client.post<{ tx_hash: Hex }>('/api/v1/broadcast', {
    task_id: taskId,
    raw_tx: await signPreparedExecution(broadcaster, prepared.data),
  });
  expect(sent.code, sent.raw).toBe('OK');
  const node = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
  const receipt = await node.waitForTransactionReceipt({ hash: sent.data.tx_hash, pollingInterval: 50 });
  expect(await followTransfers(t.ctx)).toBeGreaterThanOrEqual(1);
  return { txHash: sent.data.tx_hash, gasUsed: receipt.gasUsed };
}
