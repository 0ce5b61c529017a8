import { useState } from 'react';
import { Typography } from 'antd';
import { SignedTextPaste } from '@/components/ui/signed-text-paste';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { signAccountTask } from '../../../api/account-sign';
import { useTaskAction } from '../../../api/task-actions';
import type { XrpTaskInfo } from '../../../api/types';

/** A Signer entry (JSON, wrapped or bare), {"tx_blob"}, or a multisigned tx_blob in hex. */
const looksSigned = (value: string) => value.startsWith('{') || /^(0x)?([0-9a-fA-F]{2})+$/.test(value);

/** The account a pasted Signer entry (wrapped or bare) signs for; null for other pastes. */
function entryAccount(value: string): string | null {
  try {
    const json = JSON.parse(value) as { Signer?: { Account?: unknown }; Account?: unknown };
    const account = json.Signer?.Account ?? json.Account;
    return typeof account === 'string' ? account : null;
  } catch {
    return null;
  }
}

/**
 * A signer who has not signed yet: there is no XRPL browser wallet to ask, so the key's holder
 * multisigns the Payment in their own wallet or tool (xrpl.js: wallet.sign(tx, true)) and pastes
 * the Signer entry it gives. Their account is named, so they sign for the right one.
 */
export function XrpSignForm(props: { task: XrpTaskInfo; keys: string[] }) {
  const { t } = useLazyTranslation('transfer');
  const { task } = props;
  const [pasted, setPasted] = useState('');
  const sign = useTaskAction(signAccountTask);

  const submit = async (signature: string) => {
    // API errors are toasted by the task action (the catalogue's message).
    const reply = await sign.mutateAsync({ task_id: task.task_id, signature }).catch(() => null);
    if (!reply) return;
    setPasted('');
    toastSuccess(
      reply.status === 5
        ? t('xrp.signedEnough')
        : t('xrp.signedWeight', { weight: reply.weight ?? 0, threshold: reply.threshold }),
    );
  };

  return (
    <div data-testid="xrp-sign-form">
      <Typography.Paragraph>
        {t('xrp.signAs', { count: props.keys.length })}{' '}
        <Typography.Text strong code data-testid="xrp-sign-account">
          {props.keys.join(', ')}
        </Typography.Text>
      </Typography.Paragraph>
      <SignedTextPaste
        hint={t('xrp.signHint')}
        toSign={{
          text: JSON.stringify(JSON.parse(task.xrp!.tx_json), null, 2),
          block: true,
          testId: 'xrp-sign-tx',
        }}
        value={pasted}
        onChange={setPasted}
        placeholder={t('xrp.pastePlaceholder')}
        problem={(value) => {
          if (!looksSigned(value)) return t('xrp.pasteMalformed');
          // An entry made for another signer's account is not this person's signature.
          const account = entryAccount(value);
          return account && !props.keys.includes(account)
            ? t('xrp.notYourKey', { account, keys: props.keys.join(', ') })
            : null;
        }}
        submitText={t('xrp.pasteSubmit')}
        busy={sign.isPending}
        onSubmit={(value) => void submit(value)}
        testIds={{ input: 'xrp-signature', submit: 'xrp-sign-submit' }}
        rows={4}
      />
    </div>
  );
}
