import { useState } from 'react';
import {
  Button,
  Card,
  Descriptions,
  Form,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { QueryError } from '@/components/ui/query-error';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useEscrowSettings, useSaveEscrowSettings } from '../../api/escrow-settings';
import { CodeDialog } from './code-dialog';

/** One IPv4 or IPv6 address, or a CIDR range of one (the contract's shape). */
const IP_PATTERN = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;

interface SettingsValues {
  ip_whitelist: string[];
  timestamp_window_seconds: number;
  email_code: string;
}

/**
 * "Escrow settings": where the account's trading bot may call from (its IP addresses or ranges;
 * none = any, the key and signature still apply) and how far a request's timestamp may be from
 * the server's clock. Admins change them with an e-mailed exchange_settings code.
 */
export function EscrowSettingsTab({ walletId, privileged }: { walletId: number; privileged: boolean }) {
  const { t } = useLazyTranslation('exchange');
  const settings = useEscrowSettings(walletId);
  const save = useSaveEscrowSettings(walletId);
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<SettingsValues>();

  if (settings.isError)
    return (
      <QueryError
        title={t('escrow.escrowSettings.loadError')}
        error={settings.error}
        onRetry={() => settings.refetch()}
        retrying={settings.isFetching}
        testId="escrow-settings-error"
      />
    );
  if (!settings.data) return <Skeleton active />;
  const data = settings.data;
  return (
    <Card
      size="small"
      data-testid="escrow-settings"
      title={t('escrow.escrowSettings.title')}
      extra={
        privileged ? (
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(true)}
            data-testid="escrow-settings-edit"
          >
            {t('escrow.escrowSettings.edit')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('escrow.escrowSettings.intro')}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'ips',
            label: t('escrow.escrowSettings.ips'),
            children: data.ip_whitelist.length ? (
              <Space wrap size={4} data-testid="escrow-settings-ips">
                {data.ip_whitelist.map((ip) => (
                  <Tag key={ip} style={{ marginInlineEnd: 0 }}>
                    {ip}
                  </Tag>
                ))}
              </Space>
            ) : (
              <Typography.Text type="secondary" data-testid="escrow-settings-ips">
                {t('escrow.escrowSettings.anyIp')}
              </Typography.Text>
            ),
          },
          {
            key: 'window',
            label: t('escrow.escrowSettings.window'),
            children: (
              <span data-testid="escrow-settings-window">
                {t('escrow.keys.seconds', { count: data.timestamp_window_seconds })}
              </span>
            ),
          },
        ]}
      />
      {editing ? (
        <CodeDialog<SettingsValues>
          open
          title={t('escrow.escrowSettings.editTitle')}
          purpose="exchange_settings"
          form={form}
          okText={t('common:actions.save')}
          testId="escrow-settings-dialog"
          initialValues={{
            ip_whitelist: data.ip_whitelist,
            timestamp_window_seconds: data.timestamp_window_seconds,
          }}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            await save.mutateAsync({
              wallet_id: walletId,
              ...values,
              ip_whitelist: values.ip_whitelist ?? [],
            });
            toastSuccess(t('escrow.escrowSettings.saved'));
            setEditing(false);
          }}
        >
          <Form.Item
            name="ip_whitelist"
            label={t('escrow.escrowSettings.ips')}
            extra={t('escrow.escrowSettings.ipsHint')}
            normalize={(value: string[]) => value.map((item) => item.trim()).filter(Boolean)}
            rules={[
              {
                validator: (_rule, value: string[] | undefined) =>
                  (value ?? []).every((ip) => IP_PATTERN.test(ip)) && (value ?? []).length <= 20
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('escrow.escrowSettings.ipsInvalid'))),
              },
            ]}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', ' ']}
              open={false}
              suffixIcon={null}
              data-testid="escrow-settings-ips-input"
            />
          </Form.Item>
          <Form.Item
            name="timestamp_window_seconds"
            label={t('escrow.escrowSettings.window')}
            extra={t('escrow.escrowSettings.windowHint')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: 5,
                max: 60,
                message: t('escrow.escrowSettings.windowRange'),
              },
            ]}
          >
            <InputNumber min={5} max={60} precision={0} addonAfter={t('escrow.escrowSettings.secondsUnit')} />
          </Form.Item>
        </CodeDialog>
      ) : null}
    </Card>
  );
}
