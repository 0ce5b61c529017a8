import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { TextQr } from '@/components/ui/text-qr';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';

/**
 * Desktop, for the heir of an open inheritance plan: "Answer on your phone" shows the nomination
 * as a QR (`/mobile#inherit=space:wallet`) the paired Keystead Signer scans to open it, where the
 * heir accepts with the phone's key (after its PIN) or denies.
 */
export function AnswerOnPhone({ walletId }: { walletId: number }) {
  const { t } = useLazyTranslation('mobile');
  const spaceId = useSelectedSpaceId();
  const [open, setOpen] = useState(false);
  if (!spaceId) return null;
  const link = `${window.location.origin}/mobile#inherit=${spaceId}:${walletId}`;
  return (
    <>
      <Button icon={<MobileOutlined />} onClick={() => setOpen(true)} data-testid="inheritance-on-phone">
        {t('heirDesktop.open')}
      </Button>
      <Modal
        open={open}
        title={t('heirDesktop.title')}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={360}
      >
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
          <TextQr text={link} label={t('heirDesktop.title')} testId="inheritance-on-phone-qr" />
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 0 }}>
            {t('heirDesktop.hint')}
          </Typography.Paragraph>
        </div>
      </Modal>
    </>
  );
}
