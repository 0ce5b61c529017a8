import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { TextQr } from '@/components/ui/text-qr';
import { useLazyTranslation } from '@/lib/use-namespace';

/**
 * "Sign on your phone": the task as a QR the paired Keystead Signer scans (`/mobile#task=space:task`)
 * to open it there — a transfer, a wallet task such as the owners' veto of a recovery, or a Dapp's
 * message (the phone shows the message and signs its SafeMessage).
 */
export function OpenOnPhone({ organizationId, taskId }: { organizationId: number; taskId: number }) {
  const { t } = useLazyTranslation('transfer');
  const [open, setOpen] = useState(false);
  const link = `${window.location.origin}/mobile#task=${organizationId}:${taskId}`;
  return (
    <>
      <Button
        style={{ marginTop: 12, marginInlineStart: 8 }}
        onClick={() => setOpen(true)}
        data-testid="open-on-phone"
      >
        {t('phone.open')}
      </Button>
      <Modal
        open={open}
        title={t('phone.title')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={360}
      >
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
          <TextQr text={link} label={t('phone.title')} testId="open-on-phone-qr" />
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 0 }}>
            {t('phone.hint')}
          </Typography.Paragraph>
        </div>
      </Modal>
    </>
  );
}
