import type { ReactNode } from 'react';
import { Alert, Card, Typography } from 'antd';
import type { WalletDetail } from '../../api/types';
import { MONO } from '../wallet-bits';

/**
 * Where a setup step is signed: who signs it (the account's own key, named by its address), then
 * the ways to sign (`children`). A viewer who is not one of the wallet's signers is told the
 * platform relays the step only for a signer.
 */
export function SetupSignCard(props: {
  title: string;
  testId: string;
  whoSigns: string;
  address: string;
  wallet: WalletDetail | undefined;
  notSigner: string;
  children: ReactNode;
}) {
  return (
    <Card size="small" title={props.title} data-testid={props.testId}>
      <Typography.Paragraph>
        {props.whoSigns}{' '}
        <Typography.Text strong style={{ ...MONO, wordBreak: 'break-all' }}>
          {props.address}
        </Typography.Text>
      </Typography.Paragraph>
      {props.wallet && !props.wallet.is_signer ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={props.notSigner} />
      ) : null}
      {props.children}
    </Card>
  );
}
