import { Alert, Descriptions, Grid, Typography } from 'antd';
import { Link } from 'react-router';
import { TaskStatus } from '@keystead/contract/states';
import type { TaskInfo } from '../../api/types';
import { isUtxoTask, isWeightedTask, isXrpTask } from '../../task-rules';
import { usdLine } from '../wizard/fee-usd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { HexText, TokenAmount, formatTime } from '../transfer-bits';
import { FundPurpose } from './fund-purpose';
import { ApprovalTaskLine, approvalTaskOf } from '../approval-task';
import { RecoveryTaskLine, recoveryTaskOf } from '../recovery-task';
import { MessageTaskLine, messageTaskOf } from '../message-task';
import { BroadcastAfter, TaskPolicyLine } from '@/features/transfer-policy';

/** The transfer's facts: wallet, recipient, amount, nonce, hashes, fund purpose, remark, failure reason. */
export function TaskSummary({ task, solana = false }: { task: TaskInfo; solana?: boolean }) {
  const { t } = useLazyTranslation('transfer');
  const screens = Grid.useBreakpoint();
  const utxo = isUtxoTask(task);
  const wide = screens.md ? 2 : 1;
  const approval = approvalTaskOf(task);
  const recovery = recoveryTaskOf(task);
  const message = messageTaskOf(task);
  return (
    <>
      {utxo && task.replaces ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="replaces-link"
          message={t('utxo.replacesTitle')}
          description={<Link to={`/task/${task.replaces}`}>{t('utxo.openOriginal')}</Link>}
        />
      ) : null}
      {utxo && task.replaced_by ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="replaced-by-link"
          message={t('utxo.replacedByTitle')}
          description={<Link to={`/task/${task.replaced_by.task_id}`}>{t('utxo.openReplacement')}</Link>}
        />
      ) : null}
      {task.rejection_of ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="rejection-of"
          message={t('detail.rejectionOf')}
          description={<Link to={`/task/${task.rejection_of}`}>{t('detail.openOriginal')}</Link>}
        />
      ) : null}
      {task.rejection && [0, 1, 3, 5, 6].includes(task.rejection.status) ? (
        <Alert
          type={task.rejection.status === 1 ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="rejection-link"
          message={task.rejection.status === 1 ? t('detail.revokedByRejection') : t('detail.hasRejection')}
          description={<Link to={`/task/${task.rejection.task_id}`}>{t('detail.openRejection')}</Link>}
        />
      ) : null}
      {task.failure_reason ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('detail.failure')}
          description={task.failure_reason}
          data-testid="failure-reason"
        />
      ) : null}
      {/* A policy delay counts from the last approval: shown while signing or awaiting broadcast. */}
      {task.status === TaskStatus.PendingSignature || task.status === TaskStatus.PendingBroadcast ? (
        <BroadcastAfter at={task.broadcast_after} />
      ) : null}
      <Descriptions column={screens.md ? 2 : 1} bordered size="small" data-testid="task-summary">
        {task.policy ? (
          <Descriptions.Item label={t('fields.policy')} span={screens.md ? 2 : 1}>
            <TaskPolicyLine policy={task.policy} detail />
          </Descriptions.Item>
        ) : null}
        {task.type === 5 ? (
          <Descriptions.Item label={t('fields.name')} span={screens.md ? 2 : 1}>
            <strong data-testid="task-name">{task.name ?? '—'}</strong>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('fields.wallet')}>{task.wallet_name}</Descriptions.Item>
        {approval ? (
          <Descriptions.Item label={t('approvalTask.action')}>
            <strong>
              <ApprovalTaskLine dapp={approval} testId="task-approval-action" />
            </strong>
          </Descriptions.Item>
        ) : recovery ? (
          <Descriptions.Item label={t('recoveryTask.action')}>
            <strong>
              <RecoveryTaskLine dapp={recovery} testId="task-recovery-action" />
            </strong>
          </Descriptions.Item>
        ) : message ? (
          <Descriptions.Item label={t('messageTask.action')}>
            <strong>
              <MessageTaskLine dapp={message} testId="task-message-action" />
            </strong>
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('fields.amount')}>
            <strong>
              <TokenAmount amount={task.amount} symbol={task.symbol} testId="task-amount" />
            </strong>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('fields.from')}>
          <HexText value={task.wallet_address} />
        </Descriptions.Item>
        {approval ? (
          <Descriptions.Item label={t('approvalTask.token')}>
            <HexText value={approval.token} testId="task-approval-token" />
          </Descriptions.Item>
        ) : null}
        {recovery?.action === 'recovery_enable' ? (
          <Descriptions.Item label={t('recoveryTask.recoverer')}>
            <HexText value={recovery.recoverer} testId="task-recovery-recoverer" />
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item
          label={
            approval
              ? t('approvalTask.spender')
              : recovery
                ? t('recoveryTask.module')
                : message
                  ? t('messageTask.dapp')
                  : t('fields.to')
          }
        >
          {approval ? (
            <HexText value={approval.spender} testId="task-to" />
          ) : message ? (
            <Typography.Text data-testid="task-to">
              {message.name} · {message.url}
            </Typography.Text>
          ) : task.type === 4 ? (
            <span data-testid="task-to">
              {t('list.batchRecipients', { count: task.recipient_count ?? 0 })}
            </span>
          ) : (
            <HexText value={task.to} testId="task-to" />
          )}
          {utxo && (task.outputs?.length ?? 0) > 1 ? (
            <Typography.Text
              type="secondary"
              style={{ display: 'block', fontSize: 12 }}
              data-testid="task-more-outputs"
            >
              {t('utxo.moreOutputs', { count: (task.outputs?.length ?? 1) - 1 })}
            </Typography.Text>
          ) : null}
        </Descriptions.Item>
        {utxo ? (
          <>
            <Descriptions.Item label={t('fields.fee')}>
              <span data-testid="task-fee">
                {task.fee_sat
                  ? t('utxo.feeSat', { sat: task.fee_sat, fee: task.fee ?? '', symbol: task.symbol ?? '' })
                  : '—'}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('utxo.feeRate')}>
              <span data-testid="task-fee-rate">
                {task.fee_rate !== null && task.fee_rate !== undefined
                  ? t('fee.satVb', { value: task.fee_rate })
                  : '—'}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('utxo.vsize')}>
              <span data-testid="task-vsize">
                {task.vsize ? t('utxo.vbytes', { count: task.vsize }) : '—'}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.created')}>{formatTime(task.ctime)}</Descriptions.Item>
          </>
        ) : isWeightedTask(task) || solana ? (
          // Tron has no nonce, and XRP's sequence and Solana's Squads transaction index belong to
          // what is signed: the signing card shows them.
          <Descriptions.Item label={t('fields.created')} span={wide}>
            {formatTime(task.ctime)}
          </Descriptions.Item>
        ) : (
          <>
            <Descriptions.Item label={t('fields.safeNonce')}>{task.nonce ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.created')}>{formatTime(task.ctime)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.safeTxHash')} span={wide}>
              <HexText value={task.safe_tx_hash} />
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={utxo ? t('utxo.txid') : t('fields.txHash')} span={wide}>
          <HexText value={task.hash} testId="task-hash" />
        </Descriptions.Item>
        {task.status === 6 && !task.on_chain ? (
          <Descriptions.Item label={t('fields.chainState')} span={wide}>
            <span data-testid="task-chain-state">
              {t(isXrpTask(task) ? 'onChain.xrpSubmitted' : 'onChain.inMempool')}
            </span>
          </Descriptions.Item>
        ) : null}
        {task.on_chain ? (
          <>
            <Descriptions.Item label={t('fields.chainState')}>
              <span data-testid="task-chain-state">
                {isXrpTask(task) && task.on_chain.final
                  ? t('onChain.xrpValidated', { block: task.on_chain.block_number })
                  : task.on_chain.confirmations === null
                    ? t('onChain.inBlock', { block: task.on_chain.block_number })
                    : t(task.on_chain.final ? 'onChain.final' : 'onChain.confirmations', {
                        count: task.on_chain.confirmations,
                        block: task.on_chain.block_number,
                      })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.feePaid')}>
              <span data-testid="task-fee-paid">
                {task.on_chain.fee_paid === null
                  ? '—'
                  : `${task.on_chain.fee_paid} ${task.on_chain.fee_symbol}${
                      task.on_chain.fee_usd === null
                        ? ''
                        : ` (${usdLine(task.on_chain.fee_usd, task.on_chain.fee_paid)})`
                    }`}
              </span>
            </Descriptions.Item>
          </>
        ) : null}
        {[1, 4, 5].includes(task.type) ? (
          <Descriptions.Item label={t('fields.fundPurpose')} span={wide}>
            <FundPurpose task={task} />
          </Descriptions.Item>
        ) : null}
        {task.remark ? (
          <Descriptions.Item label={t('fields.remark')} span={screens.md ? 2 : 1}>
            {task.remark}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </>
  );
}
