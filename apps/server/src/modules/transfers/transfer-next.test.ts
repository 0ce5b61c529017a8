import { concat, createPublicClient, http, keccak256, parseAbi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { NextAction, SafeTxReviewReply, TaskAbilities, TaskProgressCounts } from '@keystead/contract';
import { addMember, createSpace, person, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { devnetKey, verifiedSigner } from '../../../test/wallet-helpers';
import { confirmDeployments, refreshBalances } from '../../jobs/wallet-jobs';

/**
 * What a person sees on a transfer (hardening issue): who acts next at each stage (from the
 * policy, names from members), the caller's "needs you", the list's progress, and — for a Safe —
 * the decoded call with domain and message hashes that recombine to the Safe contract's own hash.
 */
let t: TestApp;
let admin: Person;
let alice: Person;
let bob: Person;
let carol: Person;
let walletId: number;
let safeAddress: Hex;
let usdt: string;
const recipient = privateKeyToAccount(devnetKey(8)).address;

interface Info {
  status: number;
  safe_tx_hash: Hex;
  creator: { user_id: number; nickname: string } | null;
  progress: TaskProgressCounts;
  next_action: NextAction;
  you: TaskAbilities;
  recipient_tags: { tags: number[]; similar_to: string | null } | null;
  safe_tx: SafeTxReviewReply | null;
}
interface ListRow {
  task_id: number;
  progress: TaskProgressCounts;
  needs_you: boolean;
}

const info = async (who: Person, taskId: number) =>
  (await who.client.get<Info>('/api/v1/task/info', { task_id: taskId })).data;
const listRow = async (who: Person, taskId: number) => {
  const page = await who.client.get<{ list: ListRow[] }>('/api/v1/transfer/list', {
    tab: 'all',
    page: 1,
    page_size: 50,
  });
  return page.data.list.find((row) => row.task_id === taskId)!;
};
const waiting = (next: NextAction) => next.waiting_for.map((p) => p.user_id).sort((a, b) => a - b);
const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);

async function sign(who: Person, keyIndex: number, taskId: number) {
  const { safe_tx_hash } = await info(who, taskId);
  const signature = await privateKeyToAccount(devnetKey(keyIndex)).sign({ hash: safe_tx_hash });
  return who.client.post<{ status: number }>('/api/v1/sign', { task_id: taskId, signature, kind: 'eip712' });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, { mfa: true, prefix: 'next' });
  const spaceId = await createSpace(admin, 'Who acts next');
  alice = await addMember(t, admin, spaceId, 0);
  bob = await addMember(t, admin, spaceId, 0);
  // Carol is a member with no role on the wallet: she never acts on it.
  carol = await addMember(t, admin, spaceId, 0);
  const signerIds = [];
  for (const [who, key] of [
    [admin, 1],
    [alice, 2],
    [bob, 3],
  ] as const)
    signerIds.push((await verifiedSigner(who, devnetKey(key))).id);
  const created = await admin.client.post<{
    wallet_id: number;
    address: Hex;
    deployment: { to: string; data: string };
  }>('/api/v1/wallets/multi', {
    name: 'Next desk',
    chain_key: '31337',
    signers: signerIds,
    threshold: 2,
    approvers: [alice.userId, bob.userId],
    approval_threshold: 2,
    operators: [admin.userId],
    broadcast_scope: 2,
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
  await admin.client.post('/api/v1/dev/faucet', { address: safeAddress, eth: '1', usdt: '100' });
  usdt = t.ctx.chains.defaultTokens('31337')[0]!.contract!;
  await refreshBalances(t.ctx, [walletId]);
});
afterAll(() => t.close());

describe('who acts next, at every stage', () => {
  it('approval → signing → broadcast: the waiting people, "(you)", the creator and the list progress', async () => {
    const created = await admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: recipient,
      amount: '12.5',
      token: usdt,
      acknowledge_similar: true,
    });
    expect(created.code).toBe('OK');
    const taskId = created.data.task_id;

    // Approval: both approvers wait; alice sees herself marked; the admin (a signer) is not needed yet.
    const seenByAlice = await info(alice, taskId);
    expect(seenByAlice.next_action.stage).toBe('approve');
    expect(waiting(seenByAlice.next_action)).toEqual(sorted(alice.userId, bob.userId));
    expect(seenByAlice.next_action.waiting_for.find((p) => p.user_id === alice.userId)?.you).toBe(true);
    expect(seenByAlice.next_action.waiting_for.find((p) => p.user_id === bob.userId)?.you).toBe(false);
    expect(seenByAlice.next_action.waiting_for.every((p) => p.nickname.length > 0)).toBe(true);
    expect(seenByAlice.creator?.user_id).toBe(admin.userId);
    expect(seenByAlice.you).toEqual({ approve: true, sign: true, broadcast: false, needs_you: true });
    const seenByAdmin = await info(admin, taskId);
    expect(seenByAdmin.you).toMatchObject({ approve: false, sign: true, broadcast: true, needs_you: false });
    // The operator saw a new address on its first transfer: the approvers see the same tags.
    expect(seenByAlice.recipient_tags?.tags).toEqual(expect.arrayContaining([6, 20]));
    expect(await listRow(alice, taskId)).toMatchObject({
      needs_you: true,
      progress: { approved: 0, approval_threshold: 2, signed: 0 },
    });
    expect((await listRow(admin, taskId)).needs_you).toBe(false);
    // Carol holds no role or key on the wallet: the transfer does not exist for her.
    expect((await carol.client.get('/api/v1/task/info', { task_id: taskId })).code).toBe(
      'TASK_NOT_FOUND_ERROR',
    );

    await alice.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 });
    const afterOne = await info(alice, taskId);
    expect(waiting(afterOne.next_action)).toEqual([bob.userId]);
    expect(afterOne.you.needs_you).toBe(false);
    expect(afterOne.progress).toMatchObject({ approved: 1, rejected: 0, approval_threshold: 2 });
    expect(await listRow(alice, taskId)).toMatchObject({ needs_you: false, progress: { approved: 1 } });
    expect((await listRow(bob, taskId)).needs_you).toBe(true);

    // Signing: every key holder who has not signed.
    await bob.client.post('/api/v1/task/approve', { task_id: taskId, result: 1 });
    const signing = await info(admin, taskId);
    expect(signing.next_action.stage).toBe('sign');
    expect(waiting(signing.next_action)).toEqual(sorted(admin.userId, alice.userId, bob.userId));
    expect(signing.you.needs_you).toBe(true);
    expect((await sign(alice, 2, taskId)).code).toBe('OK');
    const oneSigned = await info(admin, taskId);
    expect(waiting(oneSigned.next_action)).toEqual(sorted(admin.userId, bob.userId));
    expect(oneSigned.progress).toMatchObject({ signed: 1, signing_threshold: 2 });
    expect(await listRow(alice, taskId)).toMatchObject({ needs_you: false, progress: { signed: 1 } });
    expect((await listRow(bob, taskId)).needs_you).toBe(true);

    // Broadcast (scope 2, the initiator): the creator and operator alone.
    expect((await sign(bob, 3, taskId)).data).toMatchObject({ status: 5 });
    const ready = await info(bob, taskId);
    expect(ready.next_action.stage).toBe('broadcast');
    expect(waiting(ready.next_action)).toEqual([admin.userId]);
    expect(ready.next_action.waiting_for[0]!.you).toBe(false);
    expect(ready.you.needs_you).toBe(false);
    expect((await info(admin, taskId)).next_action.waiting_for[0]!.you).toBe(true);
    expect((await listRow(admin, taskId)).needs_you).toBe(true);
    expect((await listRow(bob, taskId)).needs_you).toBe(false);

    // Revoked: nobody acts any more.
    await admin.client.post('/api/v1/task/revoke', { task_id: taskId });
    const rejection = await info(admin, taskId);
    expect(rejection.next_action.waiting_for.length === 0 || rejection.status === 5).toBe(true);
  });

  it('a Safe transfer shows the decoded call; domain and message hashes recombine to getTransactionHash', async () => {
    const created = await admin.client.post<{ task_id: number }>('/api/v1/task', {
      wallet_id: walletId,
      to: recipient,
      amount: '3.25',
      token: usdt,
      acknowledge_similar: true,
    });
    const seen = await info(alice, created.data.task_id);
    const view = seen.safe_tx!;
    expect(view).toMatchObject({
      chain_id: 31337,
      kind: 'erc20_transfer',
      operation: 'CALL',
      recipient,
      amount: '3.25',
      amount_raw: '3250000',
      token_symbol: 'USDT',
      native_value: '0',
      native_value_raw: '0',
      native_symbol: 'ETH',
    });
    expect(view.safe_address.toLowerCase()).toBe(safeAddress.toLowerCase());
    expect(view.token_contract?.toLowerCase()).toBe(usdt.toLowerCase());
    expect(view.safe_tx_hash).toBe(seen.safe_tx_hash);
    expect(keccak256(concat(['0x1901', view.domain_hash, view.message_hash]))).toBe(view.safe_tx_hash);
    const client = createPublicClient({ transport: http(inject('devnet')!.rpcUrl) });
    const message = (
      await t.ctx.db
        .selectFrom('tasks')
        .select('payload')
        .where('id', '=', created.data.task_id)
        .executeTakeFirstOrThrow()
    ).payload!;
    const tx = JSON.parse(message) as Record<string, string | number>;
    const onChain = await client.readContract({
      address: safeAddress,
      abi: parseAbi([
        'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
        'function domainSeparator() view returns (bytes32)',
      ]),
      functionName: 'getTransactionHash',
      args: [
        tx.to as Hex,
        BigInt(tx.value!),
        tx.data as Hex,
        Number(tx.operation),
        BigInt(tx.safeTxGas!),
        BigInt(tx.baseGas!),
        BigInt(tx.gasPrice!),
        tx.gasToken as Hex,
        tx.refundReceiver as Hex,
        BigInt(tx.nonce!),
      ],
    });
    expect(view.safe_tx_hash).toBe(onChain);
    const domain = await client.readContract({
      address: safeAddress,
      abi: parseAbi(['function domainSeparator() view returns (bytes32)']),
      functionName: 'domainSeparator',
    });
    expect(view.domain_hash).toBe(domain);
    await admin.client.post('/api/v1/task/revoke', { task_id: created.data.task_id });
  });
});
