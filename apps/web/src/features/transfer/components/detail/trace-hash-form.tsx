import { useState } from 'react';
import { Button, Collapse, Input, Space, Typography } from 'antd';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WALLET_QUERY_KEY } from '@/features/wallet';
import { traceTransfer } from '../../api/trace-transfer';
import { TRANSFER_KEY } from '../../api/transfer-queries';

const HASH = /^(0x)?[0-9a-fA-F]{64}$/;

/**
 * Sent from a wallet outside the platform? The broadcaster gives the transaction hash
 * (POST /task/tracer); it is recorded only once the chain shows it executing this transfer.
 */
export function TraceHashForm({ taskId }: { taskId: number }) {
  const { t } = useLazyTranslation('transfer');
  const [hash, setHash] = useState('');
  const client = useQueryClient();
  // Said by the mutation itself: the form leaves the page as soon as the transfer moves on.
  const trace = useMutation({
    mutationFn: (value: string) => traceTransfer(taskId, value),
    onSuccess: () => {
      toastSuccess(t('broadcast.trace.done'));
      setHash('');
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: TRANSFER_KEY }),
        client.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
      ]),
  });
  const value = hash.trim();
  const malformed = value !== '' && !HASH.test(value);
  return (
    <Collapse
      size="small"
      style={{ marginTop: 12 }}
      data-testid="trace-hash"
      items={[
        {
          key: 'trace',
          label: t('broadcast.trace.title'),
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text type="secondary">{t('broadcast.trace.hint')}</Typography.Text>
              <label htmlFor="trace-hash-input">{t('broadcast.trace.label')}</label>
              <Input
                id="trace-hash-input"
                value={hash}
                onChange={(event) => setHash(event.target.value)}
                placeholder="0x…"
                status={malformed ? 'error' : undefined}
                style={{ fontFamily: 'ui-monospace, monospace' }}
                data-testid="trace-hash-input"
              />
              {malformed ? (
                <Typography.Text type="danger" role="alert">
                  {t('broadcast.trace.malformed')}
                </Typography.Text>
              ) : null}
              <Button
                disabled={!value || malformed}
                loading={trace.isPending}
                onClick={() => trace.mutate(value)}
                data-testid="trace-hash-submit"
              >
                {t('broadcast.trace.submit')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
