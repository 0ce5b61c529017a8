import { sql } from 'kysely';
import { addressTagQuery, approveBody, broadcastReportBody, createTransferBody, revokeBody, signBody, taskIdQuery, transferListQuery } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import type { Task } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { formatUnits } from '../wallets/decimal';
import { loadWallet } from '../wallets/wallet-access';
import { addressTags } from './address-tags';
import { safeTxFromJson } from './safe-tx-store';
import { createTransfer, taskNumber } from './transfer-create';
import { approveTransfer, loadTask, revokeTransfer, signTransfer } from './transfer-steps';
import { TransferStatus, TRANSFER_TASK } from './transfer-status';

const tags = ['transfer'];
const act = { access: inSpace('transfer.act') };

function presentTask(task: Task) {
  return {
    task_id: task.id,
    type: task.type,
    task_number: taskNumber(task.id),
    wallet_id: task.wallet_id,
    chain_id: task.chain_key,
    status: task.status,
    to: task.to_address,
    symbol: task.symbol,
    token_key: task.token_key,
    amount: task.amount && task.decimals !== null ? formatUnits(BigInt(task.amount), task.decimals) : null,
    remark: task.remark,
    nonce: task.safe_nonce,
    safe_tx_hash: task.safe_tx_hash,
    hash: task.exec_tx_hash,
    approval_threshold: task.approval_threshold,
    signing_threshold: task.signing_threshold,
    failure_reason: task.failure_reason,
    created_by: task.created_by,
    ctime: task.created_at.toISOString(),
  };
}

export async function transferRoutes(app: AppInstance, ctx: AppContext) {
  app.post('/task', { config: act, schema: { tags, body: createTransferBody, summary: 'Create a transfer (operators)' } }, async (request, reply) => {
    const task = await createTransfer(ctx, request, request.body);
    return reply.ok(presentTask(task));
  });

  app.get('/task/info', { config: act, schema: { tags, querystring: taskIdQuery, summary: 'Transfer detail with approvals, signatures and what to sign or send' } }, async (request, reply) => {
    const { task, wallet } = await loadTask(ctx, request, request.query.task_id);
    const chain = ctx.chains.walletChain(wallet.chain_key);
    const tx = safeTxFromJson(task.safe_tx);
    const [approvals, signatures] = await Promise.all([
      ctx.db.selectFrom('task_approvals as a').innerJoin('users as u', 'u.id', 'a.user_id').select(['a.user_id', 'u.nickname', 'a.result', 'a.comment', 'a.created_at']).where('a.task_id', '=', task.id).execute(),
      ctx.db.selectFrom('task_signatures').selectAll().where('task_id', '=', task.id).execute(),
    ]);
    let execution = null;
    if (task.status === TransferStatus.PendingBroadcast) {
      const encoded = chain.encodeSafeSignatures(signatures.map((s) => ({ signer: s.signer as `0x${string}`, kind: s.kind as 'eip712', signature: s.signature as `0x${string}` })));
      const call = chain.buildExecTransaction(wallet.address!, tx, encoded);
      execution = { to: call.to, data: call.data, value: call.value.toString() };
    }
    return reply.ok({
      ...presentTask(task),
      wallet_name: wallet.name,
      wallet_address: wallet.address,
      typed_data: task.status === TransferStatus.PendingSignature ? JSON.parse(JSON.stringify(chain.typedData(Number(chain.info.chainId), wallet.address!, tx), (_k, v) => (typeof v === 'bigint' ? v.toString() : v))) : null,
      approvals: approvals.map((a) => ({ ...a, created_at: a.created_at.toISOString() })),
      signatures: signatures.map((s) => ({ signer: s.signer, user_id: s.user_id, kind: s.kind, created_at: s.created_at.toISOString() })),
      execution,
    });
  });

  app.post('/task/approve', { config: act, schema: { tags, body: approveBody, summary: 'Approve or reject a transfer' } }, async (request, reply) => reply.ok(await approveTransfer(ctx, request, request.body)));
  app.post('/sign', { config: act, schema: { tags, body: signBody, summary: 'Add a signer’s signature of the Safe transaction' } }, async (request, reply) => reply.ok(await signTransfer(ctx, request, request.body)));
  app.post('/task/revoke', { config: act, schema: { tags, body: revokeBody, summary: 'Revoke a transfer that is waiting for approval or signatures' } }, async (request, reply) => reply.ok(await revokeTransfer(ctx, request, request.body)));

  /** The broadcaster's wallet sent execTransaction; the watcher follows the hash to the end. */
  app.post('/broadcast', { config: act, schema: { tags, body: broadcastReportBody, summary: 'Report the execTransaction hash' } }, async (request, reply) => {
    const { user } = requireUser(request);
    const { member } = requireSpace(request);
    const { task, wallet, relation } = await loadTask(ctx, request, request.body.task_id);
    const scope = wallet.broadcast_scope;
    const allowed =
      scope === 3 ? relation.roles.size > 0 || relation.isSigner || member.role === 1 || member.role === 2 : scope === 4 ? relation.isSigner : relation.roles.has('operator') || task.created_by === user.id;
    if (!allowed) throw new AppError('PERMISSION_BROADCAST_ERROR');
    await ctx.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('tasks')
        .set({ status: TransferStatus.OnChain, exec_tx_hash: request.body.tx_hash, updated_at: new Date() })
        .where('id', '=', task.id)
        .where('status', '=', TransferStatus.PendingBroadcast)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new AppError(task.status === TransferStatus.OnChain ? 'TX_ALREADY_BROADCAST_ERROR' : 'TASK_STATUS_ERROR');
      await writeAudit(trx, { organizationId: task.organization_id, userId: user.id, type: 'transfer', operation: 'broadcast', ip: request.ip, content: { task_id: task.id, tx_hash: request.body.tx_hash } });
    });
    return reply.ok({ status: TransferStatus.OnChain });
  });

  app.get('/transfer/list', { config: act, schema: { tags, querystring: transferListQuery, summary: 'Transfers: to do, all' } }, async (request, reply) => {
    const { organization, member } = requireSpace(request);
    const { user } = requireUser(request);
    const { page, page_size, tab, wallet_id, status } = request.query;
    if (tab === 'pre_signed') return reply.ok({ list: [], page, page_size, total: 0 });
    // Wallet-creation tasks (type 3) show in "all" beside transfers (§4: they are tasks too).
    let query = ctx.db.selectFrom('tasks as t').where('t.organization_id', '=', organization.id).where('t.type', 'in', tab === 'all' ? [TRANSFER_TASK, 3] : [TRANSFER_TASK]);
    if (member.role !== 1 && member.role !== 2) {
      query = query.where((eb) => eb.or([
        eb.exists(eb.selectFrom('wallet_members as r').select('r.wallet_id').whereRef('r.wallet_id', '=', 't.wallet_id').where('r.user_id', '=', user.id)),
        eb.exists(eb.selectFrom('wallet_signers as s').select('s.wallet_id').whereRef('s.wallet_id', '=', 't.wallet_id').where('s.user_id', '=', user.id)),
      ]));
    }
    if (wallet_id) query = query.where('t.wallet_id', '=', wallet_id);
    if (status !== undefined) query = query.where('t.status', '=', status);
    if (tab === 'todo') {
      query = query.where((eb) => eb.or([
        eb.and([eb('t.status', '=', 0), eb.exists(eb.selectFrom('wallet_members as r').select('r.wallet_id').whereRef('r.wallet_id', '=', 't.wallet_id').where('r.user_id', '=', user.id).where('r.role', '=', 'approver')), eb.not(eb.exists(eb.selectFrom('task_approvals as a').select('a.task_id').whereRef('a.task_id', '=', 't.id').where('a.user_id', '=', user.id)))]),
        eb.and([eb('t.status', '=', 3), eb.exists(eb.selectFrom('wallet_signers as s').select('s.wallet_id').whereRef('s.wallet_id', '=', 't.wallet_id').where('s.user_id', '=', user.id)), eb.not(eb.exists(eb.selectFrom('task_signatures as g').select('g.task_id').whereRef('g.task_id', '=', 't.id').where('g.user_id', '=', user.id)))]),
        eb('t.status', '=', 5),
      ]));
    }
    const [rows, total] = await Promise.all([
      query.selectAll('t').orderBy('t.id', 'desc').limit(page_size).offset((page - 1) * page_size).execute(),
      query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return reply.ok({ list: rows.map(presentTask), page, page_size, total: Number(total.n) });
  });

  app.get('/address/tag', { config: act, schema: { tags, querystring: addressTagQuery, summary: 'Risk tags of a recipient (own wallet, whitelisted, new, first transfer, similar address)' } }, async (request, reply) => {
    const { organization } = requireSpace(request);
    const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
    const chain = ctx.chains.walletChain(wallet.chain_key);
    if (!chain.isValidAddress(request.query.address)) throw new AppError('CHAIN_ADDRESS_INVALID_ERROR');
    return reply.ok(await addressTags(ctx.db, organization.id, chain.normalizeAddress(request.query.address)));
  });
}
