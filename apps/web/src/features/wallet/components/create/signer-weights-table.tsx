import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAMILY_KEY, type WeightedFamily } from '../../api/account-setup';
import type { WalletDetail } from '../../api/types';
import { personName } from '../../wallet-people';
import { MONO } from '../wallet-bits';

/**
 * The keys a setup step hands the account to (Tron's permission update, XRP's signer list): each
 * key, the member who holds it and its weight — to check before the account's key signs.
 */
export function SignerWeightsTable(props: {
  family: WeightedFamily;
  signers: { address: string; weight: number }[];
  wallet: WalletDetail | undefined;
  testId: string;
}) {
  const { t } = useTranslation('wallets');
  const key = FAMILY_KEY[props.family];
  const holder = (address: string) => props.wallet?.signers.find((signer) => signer.address === address);
  return (
    <Table
      size="small"
      rowKey="address"
      pagination={false}
      dataSource={props.signers}
      data-testid={props.testId}
      columns={[
        {
          title: t(`${key}.update.key`),
          dataIndex: 'address',
          render: (address: string) => (
            <Typography.Text style={{ ...MONO, wordBreak: 'break-all' }}>{address}</Typography.Text>
          ),
        },
        {
          title: t(`${key}.update.holder`),
          width: '30%',
          render: (_: unknown, row) => {
            const person = holder(row.address);
            return <span style={{ wordBreak: 'break-word' }}>{person ? personName(person) : '—'}</span>;
          },
        },
        { title: t(`${key}.create.weight`), dataIndex: 'weight', width: 72, align: 'right' },
      ]}
    />
  );
}
