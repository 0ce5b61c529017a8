import { Alert, Descriptions, Spin, Typography } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useParsedCalls, type DappCall, type DappParse } from '../api/dapp-calls';
import { DappRequestModal } from './dapp-request-modal';

type ParsedCall = DappParse['calls'][number];

export interface DappRequest {
  /** Who asks: the Dapp's origin (what the frame was opened at). */
  origin: string;
  calls: DappCall[];
}

/**
 * What a Dapp asks the Safe to sign, before anything is created: who asks, from which wallet,
 * and each call decoded by the server (method, token, amount, recipient or spender, value), with
 * a warning for a call that fails when run now. Confirm creates the Dapp task; Reject tells the Dapp.
 */
export function ReviewModal(props: {
  request: DappRequest;
  wallet: { id: number; name: string; address: string };
  creating: boolean;
  createError: unknown;
  onConfirm: () => void;
  onReject: () => void;
}) {
  const { t } = useLazyTranslation('dapp');
  const parsed = useParsedCalls(props.wallet.id, props.request.calls);
  const failing = parsed.data?.calls.filter((call) => call.simulation_error !== null).length ?? 0;

  return (
    <DappRequestModal
      title={t('review.title')}
      who={t('review.who', {
        origin: props.request.origin,
        wallet: props.wallet.name,
        count: props.request.calls.length,
      })}
      walletAddress={props.wallet.address}
      testId="dapp-review-body"
      canConfirm={Boolean(parsed.data)}
      creating={props.creating}
      createError={props.createError}
      onConfirm={props.onConfirm}
      onReject={props.onReject}
    >
      {parsed.isPending ? <Spin /> : null}
      {parsed.isError ? (
        <QueryError
          title={t('review.parseError')}
          error={parsed.error}
          onRetry={() => parsed.refetch()}
          retrying={parsed.isFetching}
          testId="dapp-parse-error"
        />
      ) : null}
      {failing > 0 ? (
        <Alert type="warning" showIcon message={t('review.failing', { count: failing })} />
      ) : null}
      {parsed.data?.calls.map((call, index) => (
        <CallCard key={index} index={index} call={call} nativeSymbol={parsed.data.native_symbol} />
      ))}
    </DappRequestModal>
  );
}

function CallCard({ index, call, nativeSymbol }: { index: number; call: ParsedCall; nativeSymbol: string }) {
  const { t } = useLazyTranslation('dapp');
  const items = [
    { key: 'action', label: t('call.action'), children: t(`call.kind.${call.kind}`) },
    { key: 'method', label: t('call.method'), children: call.method ?? '—' },
    { key: 'to', label: t('call.to'), children: <Typography.Text code>{call.to}</Typography.Text> },
  ];
  if (call.token_symbol || call.amount)
    items.push({
      key: 'amount',
      label: t('call.amount'),
      children: (
        <span data-testid="dapp-call-amount">
          {call.amount ?? call.amount_raw} {call.token_symbol ?? ''}
        </span>
      ),
    });
  if (call.recipient)
    items.push({
      key: 'recipient',
      label: call.kind === 'erc20_approve' ? t('call.spender') : t('call.recipient'),
      children: (
        <Typography.Text code data-testid="dapp-call-recipient">
          {call.recipient}
        </Typography.Text>
      ),
    });
  items.push({ key: 'value', label: t('call.value'), children: `${call.value} ${nativeSymbol}` });
  return (
    <div data-testid={`dapp-call-${index}`}>
      <Descriptions
        size="small"
        bordered
        column={1}
        title={t('call.title', { n: index + 1 })}
        items={items}
      />
      {call.simulation_error ? (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          icon={<WarningFilled />}
          showIcon
          data-testid={`dapp-call-${index}-warning`}
          message={t('call.reverts')}
          description={call.simulation_error}
        />
      ) : null}
    </div>
  );
}
