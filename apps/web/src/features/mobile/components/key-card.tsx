import { useState } from 'react';
import { Alert, Button, Card, Modal, Tag, Typography } from 'antd';
import { privateKeyToAccount } from 'viem/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { SIGNER_STATUS, type SignerAddress } from '@/features/permission-address';
import { useLazyTranslation } from '@/lib/use-namespace';
import { registerPhoneKey } from '../api/register-key';
import { signersKey } from '../api/queries';
import type { KeyVault } from '../lib/pin-vault';
import { errorText } from './error-text';
import { PinModal } from './pin-modal';

const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  wordBreak: 'break-all',
} as const;

/**
 * The key kept on this phone: its name, address and whether the account has it as a verified
 * signer (with "Verify now" when it is not yet).
 */
export function KeyCard(props: {
  vault: KeyVault;
  /** The account's row for this address; undefined while unknown (offline), null when not listed. */
  listed: SignerAddress | null | undefined;
  setupError: unknown;
}) {
  const { t } = useLazyTranslation('mobile');
  const client = useQueryClient();
  const [verifying, setVerifying] = useState(false);
  const { vault, listed } = props;
  const verified = listed?.status === SIGNER_STATUS.verified;

  const status =
    listed === undefined ? null : verified ? (
      <Tag color="success" data-testid="mobile-key-status">
        {t('key.verified')}
      </Tag>
    ) : (
      <Tag color="warning" data-testid="mobile-key-status">
        {listed === null ? t('key.notListed') : t('key.pending')}
      </Tag>
    );

  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="mobile-key">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
        <Typography.Text strong ellipsis>
          {vault.name}
        </Typography.Text>
        {status}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('key.address')}
      </Typography.Text>
      <div style={{ ...MONO, fontSize: 13 }} data-testid="mobile-key-address">
        {vault.address}
      </div>
      {props.setupError && !verified ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          message={t('key.setupFailed')}
          description={errorText(props.setupError, t)}
        />
      ) : null}
      {listed !== undefined && !verified ? (
        <Button
          type="primary"
          size="large"
          block
          style={{ marginTop: 12 }}
          onClick={() => setVerifying(true)}
          data-testid="mobile-key-verify"
        >
          {t('key.verifyNow')}
        </Button>
      ) : null}
      <PinModal
        vault={vault}
        open={verifying}
        title={t('key.verifyTitle')}
        description={t('key.verifyHint')}
        confirm={t('key.verifyNow')}
        onCancel={() => setVerifying(false)}
        action={async (privateKey) => {
          await registerPhoneKey(privateKeyToAccount(privateKey), vault.name, listed?.id ?? null);
          await client.invalidateQueries({ queryKey: signersKey });
          setVerifying(false);
        }}
      />
    </Card>
  );
}

/**
 * At the foot of the page, away from the tasks: remove the key from this phone (after a
 * confirmation saying what it means), or unpair the phone (sign its session out).
 */
export function PhoneSettings(props: {
  onRemove: () => void;
  onUnpair: () => void;
  unpairing: boolean;
  /** A browser's own login (not a paired phone): its button signs that login out. */
  browserSession: boolean;
}) {
  const { t } = useLazyTranslation('mobile');
  const [removing, setRemoving] = useState(false);
  return (
    <section
      style={{ marginTop: 32, paddingTop: 16, borderTop: '1px solid #e3e7f0' }}
      data-testid="mobile-settings"
    >
      <Typography.Text type="secondary" strong style={{ display: 'block', marginBottom: 8 }}>
        {t('key.settings')}
      </Typography.Text>
      <Button
        size="large"
        block
        onClick={props.onUnpair}
        loading={props.unpairing}
        data-testid="mobile-unpair"
      >
        {props.browserSession ? t('key.signOut') : t('key.unpair')}
      </Button>
      <Button
        size="large"
        block
        danger
        type="text"
        style={{ marginTop: 8 }}
        onClick={() => setRemoving(true)}
        data-testid="mobile-key-remove"
      >
        {t('key.remove')}
      </Button>
      <Modal
        open={removing}
        title={t('key.removeTitle')}
        onCancel={() => setRemoving(false)}
        okText={t('key.removeConfirm')}
        okButtonProps={{ danger: true, size: 'large', 'data-testid': 'mobile-key-remove-confirm' } as never}
        cancelButtonProps={{ size: 'large' }}
        cancelText={t('pin.cancel')}
        onOk={() => {
          setRemoving(false);
          props.onRemove();
        }}
      >
        <Typography.Paragraph>{t('key.removeText')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('key.removeDesktop')}</Typography.Paragraph>
      </Modal>
    </section>
  );
}
