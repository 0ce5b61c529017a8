import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Modal, Tag, Typography } from 'antd';
import { privateKeyToAccount } from 'viem/accounts';
import type { MobileInheritance } from '@keystead/contract/api/mobile';
import { useLazyTranslation } from '@/lib/use-namespace';
import { answerInheritance } from '../api/mobile-api';
import type { KeyVault } from '../lib/pin-vault';
import { useOnline } from '../lib/use-online';
import { errorText } from './error-text';
import { PinModal } from './pin-modal';

export type Nomination = MobileInheritance['list'][number];

/** The succession opens after this many days without sign-in by the owner (server rule). */
const SUCCESSION_DAYS = 90;
const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  wordBreak: 'break-all',
} as const;
const STATUS_COLOR = { open: 'processing', accepted: 'success', applied: 'warning' } as const;

/**
 * One wallet whose owner named this account heir. Open: accept with this phone's key (the PIN
 * opens the key first, so only its holder accepts, and the address sent is the key's own) or deny
 * after a confirmation. Accepted or applied: what happens next.
 */
export function NominationCard(props: {
  nomination: Nomination;
  vault: KeyVault;
  /** Opened from a scanned or opened #inherit link: shown highlighted and scrolled to. */
  focused: boolean;
  onAnswered: () => Promise<void>;
}) {
  const { t } = useLazyTranslation('mobile');
  const online = useOnline();
  const { nomination, vault } = props;
  const [accepting, setAccepting] = useState(false);
  const [denying, setDenying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (props.focused) ref.current?.scrollIntoView({ block: 'center' });
  }, [props.focused]);

  const deny = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await answerInheritance(nomination.organization_id, {
        wallet_id: nomination.wallet_id,
        action: 'deny',
      });
      setDenying(false);
      await props.onAnswered();
    } catch (error) {
      setDenying(false);
      setProblem(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      ref={ref}
      size="small"
      style={{
        marginBottom: 12,
        ...(props.focused ? { borderColor: '#1f4fd1', boxShadow: '0 0 0 2px rgba(31,79,209,0.25)' } : {}),
      }}
      styles={{ body: { padding: 14 } }}
      data-testid="mobile-nomination"
      data-space-id={nomination.organization_id}
      data-wallet-id={nomination.wallet_id}
      data-status={nomination.status}
      data-focused={props.focused}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
        {nomination.organization_name}
      </Typography.Text>
      <div
        style={{ fontSize: 18, fontWeight: 600, lineHeight: '26px' }}
        data-testid="mobile-nomination-wallet"
      >
        {nomination.wallet_name}
      </div>
      <Typography.Text style={{ fontSize: 13 }}>
        {t('inheritance.namedBy', { owner: nomination.testator_nickname })}
      </Typography.Text>
      <div style={{ marginTop: 6, display: 'flex', gap: 6, flexWrap: 'wrap' }}>
        <Tag color={STATUS_COLOR[nomination.status]} data-testid="mobile-nomination-status">
          {t(`inheritance.status.${nomination.status}`)}
        </Tag>
        <Tag>{nomination.chain}</Tag>
      </div>

      {nomination.status === 'open' ? (
        <>
          <Typography.Paragraph type="secondary" style={{ marginTop: 10, marginBottom: 6 }}>
            {t('inheritance.openHint')}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('inheritance.keyAddress')}
          </Typography.Text>
          <div style={{ ...MONO, fontSize: 13 }} data-testid="mobile-nomination-key">
            {vault.address}
          </div>
          <Button
            type="primary"
            size="large"
            block
            style={{ marginTop: 12 }}
            disabled={!online}
            onClick={() => setAccepting(true)}
            data-testid="mobile-nomination-accept"
          >
            {t('inheritance.accept')}
          </Button>
          <Button
            size="large"
            block
            danger
            style={{ marginTop: 8 }}
            disabled={!online}
            loading={busy}
            onClick={() => setDenying(true)}
            data-testid="mobile-nomination-deny"
          >
            {t('inheritance.deny')}
          </Button>
          {!online ? (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
              {t('inheritance.needsNetwork')}
            </Typography.Paragraph>
          ) : null}
        </>
      ) : (
        <Alert
          type={nomination.status === 'accepted' ? 'success' : 'warning'}
          showIcon
          style={{ marginTop: 10 }}
          data-testid="mobile-nomination-next"
          message={
            nomination.status === 'accepted' ? t('inheritance.acceptedWith') : t('inheritance.applied')
          }
          description={
            nomination.status === 'accepted' ? (
              <>
                <div
                  style={{ ...MONO, fontSize: 13, marginBottom: 6 }}
                  data-testid="mobile-nomination-address"
                >
                  {nomination.heir_address}
                </div>
                {t('inheritance.acceptedHint', { days: SUCCESSION_DAYS })}
              </>
            ) : undefined
          }
        />
      )}
      {problem ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setProblem(null)}
          style={{ marginTop: 10 }}
          message={problem}
          data-testid="mobile-nomination-problem"
        />
      ) : null}

      <PinModal
        vault={vault}
        open={accepting}
        title={t('inheritance.acceptTitle')}
        description={t('inheritance.acceptHint', { wallet: nomination.wallet_name, address: vault.address })}
        confirm={t('inheritance.accept')}
        working={t('inheritance.accepting')}
        onCancel={() => setAccepting(false)}
        action={async (privateKey) => {
          // The address sent is the one the PIN opened, not the one stored beside the sealed key.
          const { address } = privateKeyToAccount(privateKey);
          await answerInheritance(nomination.organization_id, {
            wallet_id: nomination.wallet_id,
            action: 'accept',
            heir_address: address,
          });
          setAccepting(false);
          await props.onAnswered();
        }}
      />
      <Modal
        open={denying}
        title={t('inheritance.denyTitle')}
        onCancel={() => setDenying(false)}
        okText={t('inheritance.denyConfirm')}
        okButtonProps={
          { danger: true, size: 'large', 'data-testid': 'mobile-nomination-deny-confirm' } as never
        }
        cancelButtonProps={{ size: 'large' }}
        cancelText={t('pin.cancel')}
        confirmLoading={busy}
        onOk={() => void deny()}
      >
        <Typography.Paragraph>
          {t('inheritance.denyText', { owner: nomination.testator_nickname, wallet: nomination.wallet_name })}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
