import { Checkbox, Form, Skeleton, Typography } from 'antd';
import { MONO } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useIpConfig } from '../../api/get-ip-config';

/**
 * The platform's outgoing addresses (GET /v4/ip-config), each and all copyable, to bind the key to
 * at the exchange, and the user's word that they did (ip_whitelist).
 */
export function IpWhitelistField() {
  const { t } = useLazyTranslation('exchange');
  const config = useIpConfig();
  const list = config.data?.list ?? [];
  return (
    <div style={{ marginBottom: 16 }} data-testid="exchange-ip-config">
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        {t('form.ipTitle')}
      </Typography.Text>
      {config.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : config.isError ? (
        <Typography.Text type="secondary">{t('form.ipUnavailable')}</Typography.Text>
      ) : list.length === 0 ? (
        <Typography.Text type="secondary" data-testid="exchange-ip-none">
          {t('form.ipNone')}
        </Typography.Text>
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 6 }}>
            {t('form.ipHint')}
          </Typography.Paragraph>
          <div
            style={{
              background: '#f6f8fb',
              border: '1px solid rgba(0,0,0,0.08)',
              borderRadius: 6,
              padding: '6px 10px',
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: '4px 16px',
            }}
          >
            {list.map((ip) => (
              <Typography.Text key={ip} copyable style={MONO} data-testid="exchange-ip">
                {ip}
              </Typography.Text>
            ))}
            <Typography.Text
              copyable={{ text: config.data!.ips, tooltips: [t('form.ipCopyAll'), t('form.ipCopied')] }}
              type="secondary"
              style={{ marginInlineStart: 'auto' }}
              data-testid="exchange-ip-copy-all"
            >
              {t('form.ipCopyAll')}
            </Typography.Text>
          </div>
        </>
      )}
      <Form.Item name="ip_whitelist" valuePropName="checked" style={{ margin: '8px 0 0' }}>
        <Checkbox disabled={list.length === 0} data-testid="exchange-ip-whitelist">
          {t('form.ipBound')}
        </Checkbox>
      </Form.Item>
    </div>
  );
}
