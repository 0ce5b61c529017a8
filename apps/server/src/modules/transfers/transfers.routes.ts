import { formatGwei } from 'viem';
import {
  addressTagQuery,
  approveBody,
  broadcastBody,
  broadcastCreateBody,
  createTransferBody,
  feeEstimateBody,
  revokeBody,
  signBody,
  taskIdQuery,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { loadWallet } from '../wallets/wallet-access';
import { addressTags } from './address-tags';
import { safeTxFromJson } from './safe-tx-store';
import { acceptBroadcast, executionCall, prepareBroadcast } from './transfer-broadcast';
import { createTransfer, taskNumber } from './transfer-create';
import { feeTiersInGwei } from './transfer-fees';
import { presentTask } from './transfer-present';
import { approveTransfer, loadTask, revokeTransfer, signTransfer } from './transfer-steps';
import { ACTIVE_STATUSES, TransferStatus, TRANSFER_TASK } from './transfer-status';
import { broadcastUtxoTransfer } from '../utxo/utxo-broadcast';
import { isUtxoTask, isUtxoWalletId } from '../utxo/utxo.routes';
import { revokeUtxoTransfer } from '../utxo/utxo-revoke';
import { signUtxoTransfer } from '../utxo/utxo-sign';
import { utxoTaskInfo } from '../utxo/utxo-task-info';
import { createUtxoTransfer } from '../utxo/utxo-transfer-create';

const tags = ['transfer'];
const act = { access: inSpace('transfer.act') };
/** A typical 2-of-3 Safe token transfer's execTransaction gas, for the wizard's fee estimate. */
const EXEC_GAS_HINT = 120_000n;

export async function transferRoutes(app: AppInstance, ctx: AppContext) {
  app.post(
    '/task',
    { config: act, schema: { tags, body: createTransferBody, summary: 'Create a transfer (operators)' } },
    async (request, reply) => {
      if (await isUtxoWalletId(ctx, request.body.wallet_id))
        return reply.ok(
          presentTask(
            await createUtxoTransfer(
              ctx,
              request,
              request.body,
              await loadWallet(ctx.db, request, request.body.wallet_id),
            ),
          ),
        );
      const task = await createTransfer(ctx, request, request.body);
      return reply.ok(presentTask(task));
    },
  );

  app.get(
    '/task/info',
    {
      config: act,
      schema: {
        tags,
        querystring: taskIdQuery,
        summary: 'Transfer detail: approvals, signatures, what to sign or send, broadcasts, the nonce queue',
      },
    },
    async (request, reply) => {
      const { task, wallet } = await loadTask(ctx, request, request.query.task_id);
      if (task.psbt !== null && ctx.chains.isUtxo(wallet.chain_key))
        return reply.ok(await utxoTaskInfo(ctx, task, wallet));
      const chain = ctx.chains.walletChain(wallet.chain_key);
      const [approvals, signatures, broadcasts, rejection, queue] = await Promise.all([
        ctx.db
          .selectFrom('task_approvals as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .select(['a.user_id', 'u.nickname', 'a.result', 'a.comment', 'a.created_at'])
          .where('a.task_id', '=', task.id)
          .execute(),
        ctx.db.selectFrom('task_signatures').selectAll().where('task_id', '=', task.id).execute(),
        ctx.db
          .selectFrom('task_broadcasts')
          .select([
            'tx_hash',
            'from_address',
            'account_nonce',
            'max_fee_per_gas',
            'status',
            'send_count',
            'created_at',
          ])
          .where('task_id', '=', task.id)
          .orderBy('id')
          .execute(),
        ctx.db
          .selectFrom('tasks')
          .select(['id', 'status'])
          .where('rejection_of', '=', task.id)
          .orderBy('id', 'desc')
          .executeTakeFirst(),
        ctx.db
          .selectFrom('tasks')
          .select(['id', 'safe_nonce', 'status', 'rejection_of'])
          .where('wallet_id', '=', wallet.id)
          .where('type', '=', TRANSFER_TASK)
          .where('status', 'in', ACTIVE_STATUSES)
          .orderBy('safe_nonce')
          .orderBy('id')
          .limit(50)
          .execute(),
      ]);
      const execution =
        task.status === TransferStatus.PendingBroadcast
          ? (await executionCall(ctx, task, wallet, chain)).call
          : null;
      const typedData =
        task.status === TransferStatus.PendingSignature
          ? chain.typedData(chain.chainId, wallet.address!, safeTxFromJson(task.safe_tx))
          : null;
      return reply.ok({
        ...presentTask(task),
        wallet_name: wallet.name,
        wallet_address: wallet.address,
        typed_data: typedData
          ? JSON.parse(
              JSON.stringify(typedData, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
            )
          : null,
        approvals: approvals.map((a) => ({ ...a, created_at: a.created_at.toISOString() })),
        signatures: signatures.map((s) => ({
          signer: s.signer,
          user_id: s.user_id,
          kind: s.kind,
          created_at: s.created_at.toISOString(),
        })),
        execution: execution
          ? { to: execution.to, data: execution.data, value: execution.value.toString() }
          : null,
        broadcasts: broadcasts.map((b) => ({
          tx_hash: b.tx_hash,
          from: b.from_address || null,
          nonce: Number(b.account_nonce) >= 0 ? Number(b.account_nonce) : null,
          max_fee_gwei: formatGwei(BigInt(b.max_fee_per_gas)),
          status: b.status,
          send_count: b.send_count,
          created_at: b.created_at.toISOString(),
        })),
        rejection: rejection ? { task_id: rejection.id, status: rejection.status } : null,
        queue: queue.map((q) => ({
          task_id: q.id,
          task_number: taskNumber(q.id),
          nonce: q.safe_nonce,
          status: q.status,
          rejection: q.rejection_of !== null,
        })),
      });
    },
  );

  app.post(
    '/fee/estimate',
    {
      config: act,
      schema: { tags, body: feeEstimateBody, summary: 'Fee tiers now (slow, standard, fast) in Gwei' },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const chain = ctx.chains.walletChain(wallet.chain_key);
      return reply.ok({ ...(await feeTiersInGwei(chain)), gas_limit: EXEC_GAS_HINT.toString() });
    },
  );

  app.post(
    '/task/approve',
    { config: act, schema: { tags, body: approveBody, summary: 'Approve or reject a transfer' } },
    async (request, reply) => reply.ok(await approveTransfer(ctx, request, request.body)),
  );
  app.post(
    '/sign',
    {
      config: act,
      schema: {
        tags,
        body: signBody,
        summary: 'Add a signer’s signature of the Safe transaction, or a signed PSBT (Bitcoin family)',
      },
    },
    async (request, reply) => {
      if (await isUtxoTask(ctx, request.body.task_id))
        return reply.ok(
          await signUtxoTransfer(
            ctx,
            request,
            await loadTask(ctx, request, request.body.task_id),
            request.body.psbt ?? '',
          ),
        );
      if (!request.body.signature) throw new AppError('SIGNATURE_EMPTY_ERROR');
      return reply.ok(
        await signTransfer(ctx, request, { ...request.body, signature: request.body.signature }),
      );
    },
  );
  app.post(
    '/task/revoke',
    {
      config: act,
      schema: {
        tags,
        body: revokeBody,
        summary: 'Revoke a transfer that is waiting for approval or signatures',
      },
    },
    async (request, reply) => {
      if (await isUtxoTask(ctx, request.body.task_id))
        return reply.ok(
          await revokeUtxoTransfer(
            ctx,
            request,
            (await loadTask(ctx, request, request.body.task_id)).task,
            request.body.comment,
          ),
        );
      return reply.ok(await revokeTransfer(ctx, request, request.body));
    },
  );

  app.post(
    '/broadcast-create',
    {
      config: act,
      schema: {
        tags,
        body: broadcastCreateBody,
        summary: 'The unsigned execTransaction for the broadcaster to sign (a speed-up at status 6)',
      },
    },
    async (request, reply) => reply.ok(await prepareBroadcast(ctx, request, request.body)),
  );
  app.post(
    '/broadcast',
    {
      config: act,
      schema: {
        tags,
        body: broadcastBody,
        summary:
          'Relay the signed execTransaction exactly once (or report a hash the wallet sent); Bitcoin family: finalize the PSBT and relay it',
      },
    },
    async (request, reply) => {
      if (await isUtxoTask(ctx, request.body.task_id))
        return reply.ok(
          await broadcastUtxoTransfer(ctx, request, await loadTask(ctx, request, request.body.task_id)),
        );
      return reply.ok(await acceptBroadcast(ctx, request, request.body));
    },
  );

  app.get(
    '/address/tag',
    {
      config: act,
      schema: {
        tags,
        querystring: addressTagQuery,
        summary: 'Risk tags of a recipient (own wallet, whitelisted, new, first transfer, similar address)',
      },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      // Either family's adapter validates and spells the address the way it is stored.
      const chain = ctx.chains.isUtxo(wallet.chain_key)
        ? ctx.chains.utxoChain(wallet.chain_key)
        : ctx.chains.walletChain(wallet.chain_key);
      if (!chain.isValidAddress(request.query.address)) throw new AppError('CHAIN_ADDRESS_INVALID_ERROR');
      return reply.ok(
        await addressTags(ctx.db, organization.id, chain.normalizeAddress(request.query.address)),
      );
    },
  );
}
