import { useNavigate } from 'react-router';
import { Button, Modal, Result } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';

/** Creating a space needs a bound authenticator (§6): said kindly, with the way to bind one. */
export function MfaRequiredModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLazyTranslation('spaces');
  const navigate = useNavigate();
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={440} data-testid="mfa-required-modal">
      <Result
        icon={<SafetyCertificateOutlined style={{ color: '#1f4fd1' }} />}
        title={t('mfa.title')}
        subTitle={t('mfa.text')}
        style={{ paddingBlock: 16 }}
        extra={[
          <Button key="later" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>,
          <Button
            key="go"
            type="primary"
            onClick={() => {
              onClose();
              void navigate('/account?tab=security');
            }}
            data-testid="mfa-required-go"
          >
            {t('mfa.go')}
          </Button>,
        ]}
      />
    </Modal>
  );
}
