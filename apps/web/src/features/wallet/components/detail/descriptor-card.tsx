import { Button, Card, Descriptions, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WalletDetail } from '../../api/types';
import { MONO } from '../wallet-bits';

/** The export file: both descriptors with a line on what they are (Sparrow, Electrum, Bitcoin Core). */
export function descriptorText(
  wallet: Pick<WalletDetail, 'name' | 'chain_id' | 'threshold' | 'descriptor'>,
): string {
  return [
    `# ${wallet.name} (${wallet.chain_id}, ${wallet.threshold}-of-n multisig)`,
    '# Output descriptors: import into Sparrow, Electrum or Bitcoin Core (importdescriptors).',
    `receive: ${wallet.descriptor?.receive ?? ''}`,
    `change: ${wallet.descriptor?.change ?? ''}`,
    '',
  ].join('\n');
}

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Bitcoin-family wallets: the receive and change descriptors to copy or download (backup, watch-only import). */
export function DescriptorCard({ wallet }: { wallet: WalletDetail }) {
  const { t } = useTranslation('wallets');
  if (!wallet.descriptor) return null;
  const fileName = `${wallet.name.replace(/[^\w.-]+/g, '_') || 'wallet'}-descriptor.txt`;
  return (
    <Card
      size="small"
      title={t('descriptor.title')}
      data-testid="wallet-descriptor"
      extra={
        <Button
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => download(descriptorText(wallet), fileName)}
          data-testid="descriptor-export"
        >
          {t('descriptor.export')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('descriptor.hint')}
      </Typography.Paragraph>
      <Descriptions column={1} size="small" bordered layout="vertical">
        <Descriptions.Item label={t('create.btcSuccess.receive')}>
          <Typography.Text
            copyable
            style={{ ...MONO, wordBreak: 'break-all' }}
            data-testid="descriptor-receive"
          >
            {wallet.descriptor.receive}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('create.btcSuccess.change')}>
          <Typography.Text
            copyable
            style={{ ...MONO, wordBreak: 'break-all' }}
            data-testid="descriptor-change"
          >
            {wallet.descriptor.change}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
