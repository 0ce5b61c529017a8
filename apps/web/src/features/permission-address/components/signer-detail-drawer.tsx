import { Descriptions, Drawer, Empty, Grid, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { MONO, WalletStatusTag } from '@/features/wallet';
import type { SignerAddress } from '../api/types';
import { SignerStatusTag } from './signer-status-tag';

/** View one signer address: its facts and the wallets it signs for. */
export function SignerDetailDrawer({
  signer,
  onClose,
}: {
  signer: SignerAddress | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallets');
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={Boolean(signer)}
      onClose={onClose}
      title={signer?.name}
      width={screens.md ? 520 : '100%'}
      destroyOnHidden
    >
      {signer ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('signer.fields.address')}>
              <Typography.Text style={{ ...MONO, wordBreak: 'break-all' }} copyable>
                {signer.address}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('signer.fields.family')}>
              {t(`signer.protocol.family.${signer.family}`, { defaultValue: signer.family })}
            </Descriptions.Item>
            <Descriptions.Item label={t('signer.fields.source')}>
              {t(`signer.source.${signer.source}`, { defaultValue: signer.source })}
            </Descriptions.Item>
            {signer.path ? (
              <Descriptions.Item label={t('signer.fields.path')}>
                <Typography.Text style={MONO} data-testid="signer-path">
                  {signer.path}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('signer.fields.status')}>
              <SignerStatusTag status={signer.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('signer.fields.added')}>
              {dayjs(signer.created_at).format('YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
            <Descriptions.Item label={t('signer.fields.verified')}>
              {signer.verified_at ? dayjs(signer.verified_at).format('YYYY-MM-DD HH:mm') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('signer.fields.description')}>
              {signer.description || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('signer.linked.title')}
          </Typography.Title>
          {signer.linked_wallets.length ? (
            <List
              bordered
              size="small"
              dataSource={signer.linked_wallets}
              renderItem={(wallet) => (
                <List.Item extra={<WalletStatusTag status={wallet.status} />}>
                  <span>
                    <Link to={`/wallet/detail/${wallet.id}`}>{wallet.name}</Link>{' '}
                    <Tag style={{ marginInlineStart: 6 }}>{t(`signType.${wallet.sign_type}`)}</Tag>
                  </span>
                </List.Item>
              )}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('signer.linked.empty')} />
          )}
        </>
      ) : null}
    </Drawer>
  );
}
