import { Typography } from 'antd';
import type { TransferTask } from '../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';

type Dapp = NonNullable<TransferTask['dapp']>;
/** A Dapp task (type 6) asking the Safe to sign a message (EIP-1271): nothing is sent or broadcast. */
export type MessageTask = Extract<Dapp, { action: 'message' }>;

/** Its transaction fields say "0 to the Safe itself": lists and the detail say what it is instead. */
export const messageTaskOf = (task: Pick<TransferTask, 'dapp'>): MessageTask | null =>
  task.dapp?.action === 'message' ? task.dapp : null;

/** "Sign a message for Devnet Login (https://login.example)". */
export function MessageTaskLine({ dapp, testId }: { dapp: MessageTask; testId?: string }) {
  const { t } = useLazyTranslation('transfer');
  return (
    <Typography.Text data-testid={testId} title={dapp.url}>
      {t(dapp.kind === 'typed' ? 'messageTask.typedLine' : 'messageTask.line', { dapp: dapp.name })}
    </Typography.Text>
  );
}
