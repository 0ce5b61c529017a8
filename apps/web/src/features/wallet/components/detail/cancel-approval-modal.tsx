import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Input, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeeTier } from '@keystead/contract/enums';
import { FeeTierChoice, GWEI_PATTERN } from '@/features/transfer';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { cancelApproval, useCancelApprovalEstimate, type TokenApproval } from '../../api/token-approvals';
import { WALLET_QUERY_KEY } from '../../wallet-people';
import { MONO } from '../wallet-bits';

/**
 * Confirms a cancellation: says what will be signed (approve(spender, 0) on the token, from the
 * Safe, through the transfer lifecycle), lets the operator pick the fee tier, then creates the
 * task and opens its detail.
 */
export function CancelApprovalModal(props: {
  walletId: number;
  approval: TokenApproval;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const client = useQueryClient();
  const { approval } = props;
  const ref = { wallet_id: props.walletId, token: approval.token, spender: approval.spender };
  const estimate = useCancelApprovalEstimate(ref);
  const [tier, setTier] = useState<FeeTier>('standard');
  const [custom, setCustom] = useState('');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const customError =
    tier === 'custom' && !GWEI_PATTERN.test(custom) ? t('approvals.modal.customInvalid') : null;
  const tokenName = approval.symbol ?? approval.token;
  const spenderName = approval.spender_name
    ? `${approval.spender_name} (${approval.spender})`
    : approval.spender;

  const confirm = async () => {
    if (customError) return;
    setBusy(true);
    try {
      const task = await cancelApproval({
        ...ref,
        fee_tier: tier,
        ...(tier === 'custom' ? { custom_fee_gwei: custom } : {}),
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      });
      // The row turns "Cancelling"; the new task shows in the transfer lists.
      void client.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ['transfer'] });
      toastSuccess(t('approvals.modal.created', { number: task.task_number }));
      props.onClose();
      void navigate(`/task/${task.task_id}`);
    } catch (error) {
      // Another cancellation started meanwhile, or the allowance is gone: the list says which.
      if (isApiError(error)) void client.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      void showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('approvals.modal.title')}
      onCancel={props.onClose}
      onOk={() => void confirm()}
      okText={t('approvals.modal.confirm')}
      cancelText={t('approvals.modal.close')}
      okButtonProps={{
        danger: true,
        loading: busy,
        disabled: Boolean(customError),
        ...testId('cancel-approval-confirm'),
      }}
      cancelButtonProps={testId('cancel-approval-close')}
      width={640}
      destroyOnHidden
      data-testid="cancel-approval-modal"
    >
      <Alert
        type="warning"
        showIcon
        data-testid="cancel-approval-what"
        message={t('approvals.modal.what', { spender: spenderName, token: tokenName })}
        description={t('approvals.modal.lifecycle')}
        style={{ marginBottom: 12 }}
      />
      <Descriptions column={1} bordered size="small" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('approvals.modal.token')}>
          <Typography.Text strong>{approval.symbol ?? t('approvals.unknownToken')}</Typography.Text>{' '}
          <Typography.Text copyable style={{ ...MONO, wordBreak: 'break-all' }}>
            {approval.token}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('approvals.modal.spender')}>
          {approval.spender_name ? <Typography.Text strong>{approval.spender_name} </Typography.Text> : null}
          <Typography.Text
            copyable
            style={{ ...MONO, wordBreak: 'break-all' }}
            data-testid="cancel-approval-spender"
          >
            {approval.spender}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('approvals.modal.current')}>
          {approval.unlimited
            ? t('approvals.unlimited')
            : `${approval.allowance} ${approval.symbol ?? ''}`.trim()}
        </Descriptions.Item>
        <Descriptions.Item label={t('approvals.modal.new')}>
          <strong data-testid="cancel-approval-new">0</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('approvals.modal.call')}>
          <Typography.Text style={MONO}>approve({approval.spender.slice(0, 8)}…, 0)</Typography.Text>{' '}
          <Typography.Text type="secondary">{t('approvals.modal.callText')}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
        {t('approvals.modal.fee')}
      </Typography.Text>
      {estimate.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="cancel-approval-estimate-error"
          message={t('approvals.modal.estimateError')}
          description={isApiError(estimate.error) ? estimate.error.message : undefined}
        />
      ) : null}
      {/* The fee texts belong to the transfer screens and load on demand. */}
      <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
        <FeeTierChoice
          tier={tier}
          custom={custom}
          error={customError}
          onChange={(next, value) => {
            setTier(next);
            setCustom(value);
          }}
          quote={(name) =>
            estimate.data
              ? t('approvals.modal.gwei', { value: estimate.data.tiers[name].max_fee_gwei })
              : null
          }
          failed={estimate.isError}
          customHint={t('approvals.modal.customHint')}
          unit="Gwei"
          placeholder={estimate.data?.tiers.fast.max_fee_gwei}
          footer={
            estimate.data
              ? t('approvals.modal.gas', {
                  gas: estimate.data.gas_limit,
                  symbol: estimate.data.native_symbol,
                })
              : ''
          }
        />
      </Suspense>
      <Input
        style={{ marginTop: 12 }}
        maxLength={200}
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
        placeholder={t('approvals.modal.remark')}
        aria-label={t('approvals.modal.remark')}
        data-testid="cancel-approval-remark"
      />
    </Modal>
  );
}

/** antd's button props take a test id only through an untyped attribute. */
const testId = (id: string) => ({ 'data-testid': id }) as Record<string, string>;
