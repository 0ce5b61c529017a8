import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, KeyOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { MAX_PLATFORM_API_KEYS, PlatformKeyStatus } from '@keystead/contract/api/escrow';
import { QueryError } from '@/components/ui/query-error';
import { MONO } from '@/features/wallet';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import {
  useApiKeys,
  useCreateApiKey,
  useDeleteApiKey,
  useUpdateApiKey,
  type CreatedApiKey,
  type PlatformApiKeyItem,
} from '../../api/api-keys';
import { ApiKeySecretModal } from './api-key-secret-modal';
import { ApiKeySigning } from './api-key-signing';
import { CodeDialog } from './code-dialog';

/**
 * "Platform API keys": the account's key for its trading bot (at most one): creator, status,
 * created and last used; admins create it (with an e-mailed exchange_api_key code; the secret
 * is shown once), start or pause it and delete it.
 */
export function ApiKeysTab({ walletId, privileged }: { walletId: number; privileged: boolean }) {
  const { t } = useLazyTranslation('exchange');
  const language = currentLanguage();
  const keys = useApiKeys(walletId);
  const create = useCreateApiKey(walletId);
  const update = useUpdateApiKey(walletId);
  const remove = useDeleteApiKey(walletId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [deleting, setDeleting] = useState<PlatformApiKeyItem | null>(null);
  const [form] = Form.useForm<{ description: string; email_code: string }>();

  if (keys.isError)
    return (
      <QueryError
        title={t('escrow.keys.loadError')}
        error={keys.error}
        onRetry={() => keys.refetch()}
        retrying={keys.isFetching}
        testId="api-keys-error"
      />
    );
  if (!keys.data) return <Skeleton active />;
  const list = keys.data.list;
  const toggle = (key: PlatformApiKeyItem) => {
    const status =
      key.status === PlatformKeyStatus.Started ? PlatformKeyStatus.Paused : PlatformKeyStatus.Started;
    update
      .mutateAsync({ id: key.id, status })
      .then(() =>
        toastSuccess(t(status === PlatformKeyStatus.Started ? 'escrow.keys.started' : 'escrow.keys.paused')),
      )
      .catch((error: unknown) => showErrorToast(error));
  };
  const date = (value: string | null) => (value ? formatDateTime(value, language) : t('escrow.keys.never'));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="api-keys">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('escrow.keys.intro', { max: MAX_PLATFORM_API_KEYS })}
      </Typography.Paragraph>
      {list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={privileged ? t('escrow.keys.empty') : t('escrow.keys.emptyMember')}
        >
          {privileged ? (
            <Button
              type="primary"
              icon={<KeyOutlined />}
              onClick={() => setCreating(true)}
              data-testid="api-key-create"
            >
              {t('escrow.keys.create')}
            </Button>
          ) : null}
        </Empty>
      ) : (
        list.map((key) => (
          <Space key={key.id} direction="vertical" size={16} style={{ width: '100%' }}>
            <Card
              size="small"
              data-testid="api-key"
              title={key.description}
              extra={
                privileged ? (
                  <Space size={4} wrap>
                    <Button
                      size="small"
                      icon={
                        key.status === PlatformKeyStatus.Started ? (
                          <PauseCircleOutlined />
                        ) : (
                          <PlayCircleOutlined />
                        )
                      }
                      loading={update.isPending}
                      onClick={() => toggle(key)}
                      data-testid="api-key-toggle"
                    >
                      {key.status === PlatformKeyStatus.Started
                        ? t('escrow.keys.pause')
                        : t('escrow.keys.start')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => setDeleting(key)}
                      data-testid="api-key-delete"
                    >
                      {t('escrow.keys.delete')}
                    </Button>
                  </Space>
                ) : null
              }
            >
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2, lg: 3 }}
                items={[
                  {
                    key: 'key',
                    label: t('escrow.keys.apiKey'),
                    children: (
                      <Typography.Text
                        copyable
                        style={{ ...MONO, wordBreak: 'break-all' }}
                        data-testid="api-key-id"
                      >
                        {key.api_key}
                      </Typography.Text>
                    ),
                  },
                  {
                    key: 'status',
                    label: t('escrow.keys.status'),
                    children: (
                      <Tag
                        color={key.status === PlatformKeyStatus.Started ? 'success' : 'warning'}
                        data-testid="api-key-status"
                        data-status={key.status}
                      >
                        {t(`escrow.keyStatus.${key.status}`, { defaultValue: String(key.status) })}
                      </Tag>
                    ),
                  },
                  { key: 'creator', label: t('escrow.keys.creator'), children: key.creator.name },
                  { key: 'created', label: t('escrow.keys.created'), children: date(key.ctime) },
                  {
                    key: 'used',
                    label: t('escrow.keys.lastUsed'),
                    children: <span data-testid="api-key-last-used">{date(key.last_used_at)}</span>,
                  },
                ]}
              />
            </Card>
            <ApiKeySigning id={key.id} />
          </Space>
        ))
      )}
      {creating ? (
        <CodeDialog
          open
          title={t('escrow.keys.createTitle')}
          purpose="exchange_api_key"
          form={form}
          okText={t('escrow.keys.create')}
          testId="api-key-create-dialog"
          onCancel={() => setCreating(false)}
          onSubmit={async ({ description, email_code }) => {
            const reply = await create.mutateAsync({
              wallet_id: walletId,
              description: description.trim(),
              email_code,
            });
            setCreating(false);
            setCreated(reply);
          }}
        >
          <Form.Item
            name="description"
            label={t('escrow.keys.description')}
            extra={t('escrow.keys.descriptionHint')}
            rules={[
              { required: true, whitespace: true, message: t('escrow.keys.descriptionRequired') },
              { max: 100, message: t('form.remarkLength') },
            ]}
          >
            <Input maxLength={100} data-testid="api-key-description" />
          </Form.Item>
        </CodeDialog>
      ) : null}
      <ApiKeySecretModal created={created} onClose={() => setCreated(null)} />
      <Modal
        open={Boolean(deleting)}
        title={t('escrow.keys.deleteTitle', { name: deleting?.description ?? '' })}
        onCancel={() => setDeleting(null)}
        onOk={() =>
          void remove
            .mutateAsync(deleting!.id)
            .then(() => {
              toastSuccess(t('escrow.keys.deleted'));
              setDeleting(null);
            })
            .catch(() => undefined)
        }
        okText={t('escrow.keys.delete')}
        okButtonProps={{ danger: true, 'data-testid': 'api-key-delete-confirm' } as never}
        confirmLoading={remove.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('escrow.keys.deleteBody')}</Typography.Paragraph>
        {remove.isError ? (
          <Alert
            type="error"
            showIcon
            message={isApiError(remove.error) ? remove.error.message : t('check.networkFailed')}
          />
        ) : null}
      </Modal>
    </Space>
  );
}
