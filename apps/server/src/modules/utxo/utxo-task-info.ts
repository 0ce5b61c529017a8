import { signingRequests, type BitcoinChainKey } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Task, Wallet } from '../../db/schema';
import { presentTask } from '../transfers/transfer-present';
import { TransferStatus } from '../transfers/transfer-status';
import { presentDescriptor } from './utxo-wallet.routes';
import { multisigOf, satsToCoins } from './utxo-wallet';

/** GET /task/info of a Bitcoin-family transfer: the PSBT and, while signing, what each key signs. */
export async function utxoTaskInfo(ctx: AppContext, task: Task, wallet: Wallet) {
  const [approvals, signatures, broadcasts, replacement, inputs] = await Promise.all([
    ctx.db
      .selectFrom('task_approvals as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.user_id', 'u.nickname', 'a.result', 'a.comment', 'a.created_at'])
      .where('a.task_id', '=', task.id)
      .execute(),
    ctx.db.selectFrom('task_signatures').selectAll().where('task_id', '=', task.id).execute(),
    ctx.db
      .selectFrom('task_broadcasts')
      .select(['tx_hash', 'max_fee_per_gas', 'status', 'send_count', 'created_at'])
      .where('task_id', '=', task.id)
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('tasks')
      .select(['id', 'status'])
      .where('replaces', '=', task.id)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    ctx.db.selectFrom('task_utxos').selectAll().where('task_id', '=', task.id).orderBy('outpoint').execute(),
  ]);
  const keys = multisigOf(wallet).keys;
  const chain = wallet.chain_key as BitcoinChainKey;
  const data = (typeof task.data === 'string' ? JSON.parse(task.data) : task.data) as {
    outputs?: unknown;
    change?: unknown;
  };
  const signing = task.status === TransferStatus.PendingSignature && task.psbt;
  return {
    ...presentTask(task),
    wallet_name: wallet.name,
    wallet_address: wallet.address,
    family: 'BTC',
    descriptor: presentDescriptor(wallet),
    psbt: task.psbt,
    fee: task.fee_sat ? satsToCoins(BigInt(task.fee_sat)) : null,
    fee_sat: task.fee_sat,
    fee_rate: task.fee_rate !== null ? Number(task.fee_rate) : null,
    fee_unit: 'sat/vB',
    vsize: task.vsize,
    outputs: data.outputs ?? [],
    change: data.change ?? null,
    inputs: inputs.map((u) => ({
      outpoint: u.outpoint,
      value: satsToCoins(BigInt(u.value)),
      value_sat: u.value,
      branch: u.branch,
      index: u.address_index,
    })),
    replaces: task.replaces,
    replaced_by: replacement ? { task_id: replacement.id, status: replacement.status } : null,
    approvals: approvals.map((a) => ({ ...a, created_at: a.created_at.toISOString() })),
    signatures: signatures.map((s) => {
      const key = keys.find((k) => k.xpub === s.signer);
      return {
        signer: s.signer,
        fingerprint: key?.fingerprint ?? null,
        path: key?.path ?? null,
        user_id: s.user_id,
        kind: s.kind,
        created_at: s.created_at.toISOString(),
      };
    }),
    // Per input: the digest, the threshold and every key (fingerprint/path) with whether it signed.
    signing_requests: signing ? signingRequests(task.psbt!, chain) : null,
    signing_keys: keys.map((k) => ({ xpub: k.xpub, fingerprint: k.fingerprint, path: k.path })),
    broadcasts: broadcasts.map((b) => ({
      tx_hash: b.tx_hash,
      fee_sat: b.max_fee_per_gas,
      status: b.status,
      send_count: b.send_count,
      created_at: b.created_at.toISOString(),
    })),
    typed_data: null,
    execution: null,
    rejection: null,
    queue: [],
  };
}
