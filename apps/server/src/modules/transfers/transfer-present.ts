import { TaskType } from '@keystead/contract';
import type { Task } from '../../db/schema';
import { formatUnits } from '../wallets/decimal';
import { taskNumber } from './transfer-create';
import { storedPolicy } from '../transfer-policy/policy-requirements';
import { jsonColumn } from '../../lib/json-column';
import { dappOf, presentDapp } from '../dapp/dapp-task';

/**
 * A task as lists and detail show it (§3 Task/transfer). `signingExpiresAt`: when its
 * transaction stops being signable (Tron's 24 h), for the countdown.
 */
export function presentTask(task: Task, signingExpiresAt: Date | null = null) {
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
    label_id: task.label_id,
    recipient_count: task.type === TaskType.Batch ? (dataOf(task)?.recipients ?? null) : null,
    name: task.type === TaskType.PreSigned ? (dataOf(task)?.name ?? null) : null,
    dapp: task.type === TaskType.ContractInteraction ? presentDapp(dappOf(dataOf(task))) : null,
    nonce: task.sequence,
    safe_tx_hash: task.payload_hash,
    hash: task.exec_tx_hash,
    block_number: task.block_number,
    fee_tier: task.fee_tier,
    rejection_of: task.rejection_of,
    approval_threshold: task.approval_threshold,
    signing_threshold: task.signing_threshold,
    signing_expires_at: signingExpiresAt?.toISOString() ?? null,
    failure_reason: task.failure_reason,
    created_by: task.created_by,
    ctime: task.created_at.toISOString(),
    policy: storedPolicy(task.policy),
    broadcast_after: task.broadcast_after?.toISOString() ?? null,
  };
}

function dataOf(task: Task): { recipients?: number; name?: string } | null {
  return jsonColumn(task.data) as {
    recipients?: number;
    name?: string;
  } | null;
}
