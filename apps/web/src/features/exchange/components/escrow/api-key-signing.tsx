import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { MONO } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useApiKeyInfo } from '../../api/api-keys';

/** How a bot signs its requests with this key (GET /escrow/api-keys/info), for the bot's author. */
export function ApiKeySigning({ id }: { id: number }) {
  const { t } = useLazyTranslation('exchange');
  const info = useApiKeyInfo(id);
  const signing = info.data?.signing;
  return (
    <Card size="small" title={t('escrow.keys.signingTitle')} data-testid="api-key-signing">
      {info.isError ? (
        <Typography.Text type="secondary">{t('escrow.keys.signingError')}</Typography.Text>
      ) : !signing ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'endpoint',
              label: t('escrow.keys.endpoint'),
              children: (
                <Typography.Text copyable style={MONO}>
                  {signing.endpoint}
                </Typography.Text>
              ),
            },
            {
              key: 'headers',
              label: t('escrow.keys.headers'),
              children: <span style={MONO}>{signing.headers.join(', ')}</span>,
            },
            {
              key: 'string',
              label: t('escrow.keys.stringToSign'),
              children: <span style={{ ...MONO, wordBreak: 'break-all' }}>{signing.string_to_sign}</span>,
            },
            { key: 'algorithm', label: t('escrow.keys.algorithm'), children: signing.algorithm },
            {
              key: 'window',
              label: t('escrow.keys.window'),
              children: t('escrow.keys.seconds', { count: signing.timestamp_window_seconds }),
            },
          ]}
        />
      )}
    </Card>
  );
}
