import { useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Modal, Typography } from 'antd';
import { MONO } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { CreatedApiKey } from '../../api/api-keys';

/**
 * The new key's secret, shown this once: copy it, with a plain warning that it cannot be shown
 * again. The dialog closes only after the user says they stored it (no click outside, no Esc).
 */
export function ApiKeySecretModal({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
}) {
  const { t } = useLazyTranslation('exchange');
  const [stored, setStored] = useState(false);
  const close = () => {
    setStored(false);
    onClose();
  };
  return (
    <Modal
      open={Boolean(created)}
      title={t('escrow.keys.secretTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      width={620}
      footer={
        <Button type="primary" disabled={!stored} onClick={close} data-testid="api-key-secret-done">
          {t('escrow.keys.secretDone')}
        </Button>
      }
    >
      {created ? (
        <div data-testid="api-key-secret">
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('escrow.keys.secretOnce')}
            description={t('escrow.keys.secretLost')}
          />
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'key',
                label: t('escrow.keys.apiKey'),
                children: (
                  <Typography.Text
                    copyable
                    style={{ ...MONO, wordBreak: 'break-all' }}
                    data-testid="api-key-created-key"
                  >
                    {created.api_key}
                  </Typography.Text>
                ),
              },
              {
                key: 'secret',
                label: t('escrow.keys.secret'),
                children: (
                  <Typography.Text
                    copyable
                    strong
                    style={{ ...MONO, wordBreak: 'break-all' }}
                    data-testid="api-key-created-secret"
                  >
                    {created.secret}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Checkbox
            checked={stored}
            onChange={(event) => setStored(event.target.checked)}
            style={{ marginTop: 16 }}
            data-testid="api-key-secret-stored"
          >
            {t('escrow.keys.secretStored')}
          </Checkbox>
        </div>
      ) : null}
    </Modal>
  );
}
