import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/notify';
import type { PaymentRecord } from '../api/list-payment-records';
import { useSpeedUpPaymentRecord } from '../api/speed-up-payment-record';
import { FullAddress } from './payment-bits';
import type { RecordKind } from './record-columns';

/**
 * Confirms speeding up a pending refund or sponsored execution: the payment address sends the
 * same transaction again at the same nonce with higher fees, and pays them. Whichever of the two
 * the chain keeps settles the record.
 */
export function SpeedUpModal(props: { record: PaymentRecord | null; kind: RecordKind; onClose: () => void }) {
  const { t } = useTranslation('pages');
  const speedUp = useSpeedUpPaymentRecord();
  const { record } = props;

  const submit = async () => {
    if (!record) return;
    await speedUp.mutateAsync({ record_id: record.id });
    toastSuccess(t('payment.speedUp.done'));
    props.onClose();
  };

  return (
    <Modal
      open={record !== null}
      title={t('payment.speedUp.title')}
      onCancel={props.onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('payment.speedUp.submit')}
      okButtonProps={{ 'data-testid': 'payment-speed-up-confirm' } as never}
      confirmLoading={speedUp.isPending}
      destroyOnHidden
    >
      {record ? (
        <div data-testid="payment-speed-up-modal">
          <Typography.Paragraph>
            {t(props.kind === 'refund' ? 'payment.speedUp.refundText' : 'payment.speedUp.executionText')}
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'chain', label: t('payment.records.chain'), children: record.chain_name },
              {
                key: 'payer',
                label: t('payment.speedUp.payer'),
                children: <FullAddress value={record.sender} />,
              },
              {
                key: 'hash',
                label: t('payment.records.hash'),
                children: <FullAddress value={record.hash} />,
              },
            ]}
          />
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 12 }}
            message={t('payment.speedUp.note', { symbol: record.symbol })}
          />
        </div>
      ) : null}
    </Modal>
  );
}
