import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepositAddress } from '../api/get-wallet-address';
import { MONO } from './wallet-bits';

/** A deposit address as payers scan or copy it: its QR code, the address, what to send; `children` below. */
export function DepositQr(props: {
  address: DepositAddress;
  size: number;
  hint: string;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('wallets');
  return (
    <Space direction="vertical" align="center" style={{ width: '100%' }}>
      {props.address.qr_code ? (
        <img src={props.address.qr_code} alt={t('deposit.qr')} width={props.size} height={props.size} />
      ) : null}
      <Typography.Text
        copyable
        style={{ ...MONO, wordBreak: 'break-all', textAlign: 'center' }}
        data-testid={props.testId}
      >
        {props.address.address}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
        {props.hint}
      </Typography.Text>
      {props.children}
    </Space>
  );
}
