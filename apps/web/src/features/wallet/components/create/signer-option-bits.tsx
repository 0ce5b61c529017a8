import { Link } from 'react-router';
import { Alert, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SignUser } from '../../api/types';
import { MONO } from '../wallet-bits';

/** A verified signer address as the signer steps list it: its name, its member, the address. */
export function SignerOptionLabel({ option }: { option: SignUser }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Text strong>{option.name}</Typography.Text>{' '}
      <Typography.Text type="secondary">· {option.nickname || option.email}</Typography.Text>
      <div style={{ ...MONO, wordBreak: 'break-all', color: 'rgba(0,0,0,0.65)' }}>{option.address}</div>
    </div>
  );
}

/**
 * What the signer steps say when the space has fewer than two verified addresses of the family
 * (with the way to verify one), or none at all; null while the list loads or when there are enough.
 */
export function SignerOptionsNotice(props: { loaded: boolean; count: number; placement: 'top' | 'list' }) {
  const { t } = useTranslation('wallets');
  if (!props.loaded) return null;
  if (props.placement === 'list')
    return props.count ? null : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('create.signers.none')} />
    );
  return props.count < 2 ? (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('create.signers.notEnough')}
      description={<Link to="/permission-address">{t('create.signers.goVerify')}</Link>}
    />
  ) : null;
}

/** A signer step's rule that stops Next, said above the buttons. */
export function WizardError({ message }: { message: string | null }) {
  return message ? (
    <Alert type="error" showIcon message={message} style={{ marginBottom: 12 }} data-testid="wizard-error" />
  ) : null;
}
