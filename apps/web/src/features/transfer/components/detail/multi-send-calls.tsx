import { Alert, List, Typography } from 'antd';
import type { SafeTxReviewReply } from '../../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';
import { HexText, TokenAmount } from '../transfer-bits';

type Call = NonNullable<SafeTxReviewReply['calls']>[number];

/**
 * A batch's Safe transaction: one DELEGATECALL into the chain's MultiSendCallOnly, and every call
 * it makes decoded from the signed bytes — amount, token, recipient in full — so the signer sees
 * exactly what is paid. A list (not a table): it fits the narrow signing card whole.
 */
export function MultiSendCalls({ view }: { view: SafeTxReviewReply }) {
  const { t } = useLazyTranslation('batch');
  const calls = view.calls ?? [];
  const symbol = (call: Call) =>
    call.kind === 'native' ? view.native_symbol : (call.token_symbol ?? t('multiSend.unknownToken'));
  return (
    <div style={{ marginTop: 12 }} data-testid="multi-send">
      <Typography.Text strong>{t('multiSend.title', { count: calls.length })}</Typography.Text>
      <Alert
        type="info"
        showIcon
        message={t('multiSend.text', { operation: view.operation })}
        style={{ margin: '8px 0' }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('multiSend.contract')} <HexText value={view.to} testId="multi-send-contract" />
      </Typography.Text>
      <List
        size="small"
        bordered
        style={{ marginTop: 8 }}
        dataSource={calls}
        pagination={calls.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        renderItem={(call, index) => (
          <List.Item data-testid={`multi-send-call-${index + 1}`} style={{ display: 'block' }}>
            <Typography.Text type="secondary">#{index + 1} </Typography.Text>
            <strong>
              {call.amount !== null ? (
                <TokenAmount amount={call.amount} symbol={symbol(call)} />
              ) : (
                t('multiSend.baseUnits', { value: call.amount_raw ?? '—' })
              )}
            </strong>
            {call.kind === 'contract_call' ? (
              <Typography.Text type="warning"> · {t('multiSend.contractCall')}</Typography.Text>
            ) : call.kind === 'erc20_approve' ? (
              <Typography.Text type="warning"> · {t('multiSend.approve')}</Typography.Text>
            ) : null}
            <div>
              <Typography.Text type="secondary">
                {call.kind === 'erc20_approve' ? t('multiSend.spender') : t('multiSend.to')}{' '}
              </Typography.Text>
              <HexText value={call.recipient ?? call.to} />
            </div>
            {call.kind === 'erc20_transfer' || call.kind === 'erc20_approve' ? (
              <div style={{ fontSize: 12 }}>
                <Typography.Text type="secondary">{t('multiSend.tokenContract')} </Typography.Text>
                <HexText value={call.token_contract} />
              </div>
            ) : null}
          </List.Item>
        )}
      />
    </div>
  );
}
