import { useCallback, useState } from 'react';
import { Button, Collapse, Input, Space, Typography } from 'antd';
import { MONO, TronLinkConnect } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { isWalletError, showWalletError, tronLink } from '@/lib/wallet-connectors';
import { signTronTask } from '../../../api/tron-actions';
import { useTaskAction } from '../../../api/task-actions';
import type { TronTaskInfo } from '../../../api/types';

/** 65-byte r‖s‖v over the transaction id (hex), or a signed transaction as JSON. */
const looksSigned = (value: string) => /^(0x)?[0-9a-fA-F]{130}$/.test(value) || value.startsWith('{');

/**
 * A signer who has not signed yet: TronLink (its account must be one of the caller's keys) signs
 * the transaction under the active permission; or a signature made elsewhere is pasted.
 */
export function TronSignForm(props: { task: TronTaskInfo; keys: string[] }) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const tron = task.tron!;
  const [account, setAccount] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const sign = useTaskAction(signTronTask);
  const onAccount = useCallback((value: string | null) => setAccount(value), []);

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
  const malformed = pasted.trim() !== '' && !looksSigned(pasted.trim());

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
      <Collapse
        ghost
        size="small"
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'paste',
            label: <span data-testid="tron-paste-open">{t('tron.pasteTitle')}</span>,
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Text type="secondary">{t('tron.pasteHint')}</Typography.Text>
                <Typography.Paragraph
                  copyable={{ text: tron.transaction }}
                  ellipsis={{ rows: 1, expandable: true }}
                  style={{ ...MONO, wordBreak: 'break-all', fontSize: 12, marginBottom: 0 }}
                >
                  {tron.transaction}
                </Typography.Paragraph>
                <Input.TextArea
                  rows={3}
                  value={pasted}
                  onChange={(event) => setPasted(event.target.value)}
                  placeholder={t('tron.pastePlaceholder')}
                  status={malformed ? 'error' : undefined}
                  style={MONO}
                  data-testid="tron-paste"
                />
                {malformed ? (
                  <Typography.Text type="danger" role="alert">
                    {t('tron.pasteMalformed')}
                  </Typography.Text>
                ) : null}
                <Button
                  disabled={!pasted.trim() || malformed}
                  loading={busy}
                  onClick={() => void submit(async () => pasted.trim())}
                  data-testid="tron-paste-submit"
                >
                  {t('tron.pasteSubmit')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
