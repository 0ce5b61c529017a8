import { useCallback, useState } from 'react';
import { Button, Collapse, Divider, Typography } from 'antd';
import { SignedTextPaste } from '@/components/ui/signed-text-paste';
import { TronLinkConnect } from '@/features/wallet';
import { LedgerAccountChooser } from '@/components/ui/ledger-account-chooser';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { isWalletError, showWalletError, tronLink } from '@/lib/wallet-connectors';
import { ledgerTron, TRON_LEDGER_PATH } from '@/lib/wallet-connectors/ledger/ledger-tron';
import { signAccountTask } from '../../../api/account-sign';
import { useTaskAction } from '../../../api/task-actions';
import type { TronTaskInfo } from '../../../api/types';

/** 65-byte r‖s‖v over the transaction id (hex), or a signed transaction as JSON. */
const looksSigned = (value: string) => /^(0x)?[0-9a-fA-F]{130}$/.test(value) || value.startsWith('{');

/**
 * A signer who has not signed yet: TronLink (its account must be one of the caller's keys) signs
 * the transaction under the active permission; or a Ledger's Tron app (WebHID) at a chosen path,
 * its signature recovered and checked in the page, appended to the same JSON TronLink returns;
 * or a signature made elsewhere is pasted.
 */
export function TronSignForm(props: { task: TronTaskInfo; keys: string[] }) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const tron = task.tron!;
  const [account, setAccount] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const sign = useTaskAction(signAccountTask);
  const onAccount = useCallback((value: string | null) => setAccount(value), []);
  const [ledgerPath, setLedgerPath] = useState(TRON_LEDGER_PATH);
  const onLedgerPath = useCallback((value: string) => setLedgerPath(value), []);

  const submit = async (signature: () => Promise<string>) => {
    setBusy(true);
    try {
      const reply = await sign.mutateAsync({ task_id: task.task_id, signature: await signature() });
      setPasted('');
      toastSuccess(
        reply.status === 5
          ? t('tron.signedEnough')
          : t('tron.signedWeight', { weight: reply.weight ?? 0, threshold: reply.threshold }),
      );
    } catch (error) {
      // API errors were toasted by the task action; wallet refusals are said here.
      if (isWalletError(error)) void showWalletError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="tron-sign-form">
      <Typography.Paragraph type="secondary">{t('tron.signHint')}</Typography.Paragraph>
      <TronLinkConnect expected={props.keys} onChange={onAccount} />
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        disabled={!account}
        loading={busy}
        onClick={() => void submit(() => tronLink.signTransaction(tron.transaction, tron.permission_id))}
        data-testid="tron-sign-submit"
      >
        {t('tron.sign')}
      </Button>
      <Divider plain orientation="left" style={{ fontSize: 13 }}>
        {t('tron.ledgerTitle')}
      </Divider>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('tron.ledgerHint')}
      </Typography.Paragraph>
      <LedgerAccountChooser app="tron" expected={props.keys} onChange={onLedgerPath} />
      {ledgerTron.available() ? (
        <Button
          style={{ marginTop: 12 }}
          loading={busy}
          onClick={() =>
            void submit(() => ledgerTron.signTransactionJson(ledgerPath, tron.transaction, props.keys))
          }
          data-testid="tron-ledger-sign"
        >
          {t('tron.ledgerSign')}
        </Button>
      ) : null}
      <Collapse
        ghost
        size="small"
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'paste',
            label: <span data-testid="tron-paste-open">{t('tron.pasteTitle')}</span>,
            children: (
              <SignedTextPaste
                hint={t('tron.pasteHint')}
                toSign={{ text: tron.transaction }}
                value={pasted}
                onChange={setPasted}
                placeholder={t('tron.pastePlaceholder')}
                problem={(value) => (looksSigned(value) ? null : t('tron.pasteMalformed'))}
                submitText={t('tron.pasteSubmit')}
                busy={busy}
                onSubmit={(value) => void submit(async () => value)}
                testIds={{ input: 'tron-paste', submit: 'tron-paste-submit' }}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
