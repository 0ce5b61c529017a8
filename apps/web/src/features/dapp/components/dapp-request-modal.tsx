import type { ReactNode } from 'react';
import { Alert, Button, Modal, Space as Stack, Typography } from 'antd';
import { isApiError } from '@/lib/api-client';
import { useLazyTranslation } from '@/lib/use-namespace';

/**
 * The frame of a Dapp's request under review (calls or a message): who asks from which Safe, what
 * the request is (children), why creating its task failed, and Reject / Confirm — Reject tells
 * the Dapp, Confirm creates the task.
 */
export function DappRequestModal(props: {
  title: string;
  /** "origin asks Safe to …" */
  who: string;
  walletAddress: string;
  testId: string;
  canConfirm: boolean;
  creating: boolean;
  createError: unknown;
  onConfirm: () => void;
  onReject: () => void;
  children: ReactNode;
}) {
  const { t } = useLazyTranslation('dapp');
  return (
    <Modal
      open
      width={720}
      title={props.title}
      maskClosable={false}
      onCancel={props.onReject}
      footer={[
        <Button key="reject" onClick={props.onReject} disabled={props.creating} data-testid="dapp-reject">
          {t('review.reject')}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          onClick={props.onConfirm}
          loading={props.creating}
          disabled={!props.canConfirm}
          data-testid="dapp-confirm"
        >
          {t('review.confirm')}
        </Button>,
      ]}
    >
      <Stack direction="vertical" size={12} style={{ width: '100%' }} data-testid={props.testId}>
        <Alert
          type="info"
          showIcon
          data-testid="dapp-review-who"
          message={props.who}
          description={
            <Typography.Text code copyable>
              {props.walletAddress}
            </Typography.Text>
          }
        />
        {props.children}
        {props.createError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="dapp-create-error"
            message={t('review.createError')}
            description={isApiError(props.createError) ? props.createError.message : undefined}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
