import { useState } from 'react';
import { Collapse, Descriptions, Empty, Grid, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { useChains } from '@/features/wallet';
import { useSigningProtocols } from '../api/signing-protocols';

/**
 * "How signing works": per configured chain family, its chains, the signer key's format, how a
 * key's ownership is proven and what a transfer signature signs. Read when first opened.
 */
export function SigningProtocolsPanel() {
  const { t } = useTranslation('wallets');
  const [open, setOpen] = useState(false);
  const protocols = useSigningProtocols(open);
  const chains = useChains();
  const screens = Grid.useBreakpoint();
  const chainName = (key: string) => chains.data?.list.find((chain) => chain.chain_id === key)?.name ?? key;

  const body = protocols.isError ? (
    <QueryError
      title={t('signer.protocol.loadError')}
      error={protocols.error}
      onRetry={() => protocols.refetch()}
      retrying={protocols.isFetching}
      testId="signing-protocols-error"
    />
  ) : protocols.isPending ? (
    <Skeleton active />
  ) : protocols.data.list.length === 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('signer.protocol.empty')} />
  ) : (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {protocols.data.list.map((family) => (
        <Descriptions
          key={family.family}
          data-testid={`signing-protocol-${family.family}`}
          title={t(`signer.protocol.family.${family.family}`, { defaultValue: family.family })}
          column={1}
          size="small"
          bordered
          layout={screens.md ? 'horizontal' : 'vertical'}
          labelStyle={{ width: screens.md ? 180 : undefined }}
        >
          <Descriptions.Item label={t('signer.protocol.chains')}>
            <Space size={[4, 4]} wrap>
              {family.chains.map((key) => (
                <Tag key={key}>{chainName(key)}</Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('signer.protocol.key')}>{family.key}</Descriptions.Item>
          <Descriptions.Item label={t('signer.protocol.ownership')}>{family.ownership}</Descriptions.Item>
          <Descriptions.Item label={t('signer.protocol.transfer')}>{family.transfer}</Descriptions.Item>
        </Descriptions>
      ))}
    </Space>
  );

  return (
    <Collapse
      style={{ marginTop: 16 }}
      data-testid="signing-protocols"
      onChange={(keys) => setOpen(keys.length > 0)}
      items={[
        {
          key: 'protocols',
          label: (
            <span data-testid="signing-protocols-toggle">
              <Typography.Text strong>{t('signer.protocol.title')}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {t('signer.protocol.hint')}
              </Typography.Text>
            </span>
          ),
          children: body,
        },
      ]}
    />
  );
}
