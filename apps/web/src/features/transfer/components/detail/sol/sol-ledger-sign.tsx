import { useCallback, useState } from 'react';
import { Alert, Button, Descriptions, Divider, Typography } from 'antd';
import { LedgerAccountChooser } from '@/components/ui/ledger-account-chooser';
import { MONO } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { isWalletError, showWalletError } from '@/lib/wallet-connectors';
import { ledgerSolana, SOLANA_LEDGER_PATH } from '@/lib/wallet-connectors/ledger/ledger-solana';
import {
  createCheckedSolApproval,
  sendSolApproval,
  type BuiltApproval,
  type SolTaskInfo,
} from '../../../api/sol-sign';
import { useTaskAction } from '../../../api/task-actions';

/** What the Solana app shows for an approval it cannot read, shown here while it waits. */
interface OnDevice {
  messageHash: string;
  feePayer: string | null;
  signer: string;
}

const mono = { ...MONO, wordBreak: 'break-all' as const };

/**
 * A signer's approval signed on a Ledger's Solana app (WebHID) at a chosen path. The app cannot
 * read a Squads approval, so it needs "Blind signing" and shows only the fee payer and the
 * message hash: both are shown here, from the same bytes, while the device waits. The device's
 * signature is verified in the page with the signer's key before the server is sent anything.
 */
export function SolLedgerSign(props: {
  task: SolTaskInfo;
  keys: string[];
  onBuilt: (built: BuiltApproval) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const { task, keys, onBuilt } = props;
  const [path, setPath] = useState(SOLANA_LEDGER_PATH);
  const onPath = useCallback((value: string) => setPath(value), []);
  const [busy, setBusy] = useState(false);
  const [onDevice, setOnDevice] = useState<OnDevice | null>(null);
  const send = useTaskAction(sendSolApproval);

  const sign = async () => {
    setBusy(true);
    try {
      // Built now (a fresh blockhash lives about a minute), shown, then confirmed on the device.
      const approval = await createCheckedSolApproval(task);
      onBuilt(approval.built);
      const preview = await ledgerSolana.approvalPreview(approval.transaction);
      setOnDevice({ messageHash: preview.messageHash, feePayer: preview.feePayer, signer: approval.signer });
      const signature = await ledgerSolana.signApproval(path, approval.transaction, approval.signer);
      const reply = await send.mutateAsync({ task_id: task.task_id, signature }).catch(() => null);
      if (reply) toastSuccess(t('sol.signed'));
    } catch (error) {
      if (!isWalletError(error, 'wallet_user_reject')) void showWalletError(error);
    } finally {
      setOnDevice(null);
      setBusy(false);
    }
  };

  return (
    <div data-testid="sol-ledger-sign">
      <Divider plain orientation="left" style={{ fontSize: 13 }}>
        {t('sol.ledgerTitle')}
      </Divider>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('sol.ledgerHint')}
      </Typography.Paragraph>
      <LedgerAccountChooser app="sol" expected={keys} onChange={onPath} />
      {ledgerSolana.available() ? (
        <Button
          style={{ marginTop: 12 }}
          loading={busy}
          onClick={() => void sign()}
          data-testid="sol-ledger-submit"
        >
          {t('sol.ledgerSign')}
        </Button>
      ) : null}
      {onDevice ? (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          data-testid="sol-ledger-on-device"
          message={t('sol.ledgerConfirm')}
          description={
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('sol.ledgerMessageHash')}>
                <Typography.Text strong style={mono} data-testid="sol-ledger-hash">
                  {onDevice.messageHash}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('sol.ledgerFeePayer')}>
                <Typography.Text style={mono}>{onDevice.feePayer ?? '—'}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('sol.ledgerSigner')}>
                <Typography.Text style={mono}>{onDevice.signer}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          }
        />
      ) : null}
    </div>
  );
}
