import { Descriptions, Tag, Typography } from 'antd';
import type { EvmTaskInfo } from '../../api/types';
import { useLazyTranslation } from '@/lib/use-namespace';
import { HexText, TokenAmount } from '../transfer-bits';
import { MultiSendCalls } from './multi-send-calls';

/**
 * What an EVM signer or approver is about to sign, decoded from the Safe transaction itself (not
 * from the task's summary): the call, the chain and Safe, and the three hashes a hardware wallet
 * shows — safeTxHash, the EIP-712 domain hash and the message (SafeTx struct) hash.
 */
export function SafeTxReview({ task, title }: { task: EvmTaskInfo; title: string }) {
  const { t } = useLazyTranslation('transfer');
  const view = task.safe_tx;
  if (!view) return null;
  return (
    <div style={{ marginTop: 12 }} data-testid="safe-tx-review">
      <Typography.Text strong>{title}</Typography.Text>
      <Descriptions column={1} bordered size="small" style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('review.chain')}>
          <span data-testid="review-chain">
            {task.chain_name} ({view.chain_id})
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('review.safe')}>
          <HexText value={view.safe_address} testId="review-safe" />
        </Descriptions.Item>
        <Descriptions.Item label={t('review.call')}>
          <span data-testid="review-kind">{t(`review.kind.${view.kind}`)}</span>{' '}
          <Tag
            color={view.operation === 'CALL' ? 'green' : 'red'}
            data-testid="review-operation"
            style={{ marginInlineStart: 4 }}
          >
            {view.operation}
          </Tag>
        </Descriptions.Item>
        {view.kind === 'erc20_transfer' || view.kind === 'erc20_approve' ? (
          <Descriptions.Item label={t('review.token')}>
            <span data-testid="review-token">{view.token_symbol ?? t('review.unknownToken')}</span>{' '}
            <HexText value={view.token_contract} />
          </Descriptions.Item>
        ) : view.kind === 'contract_call' ? (
          <Descriptions.Item label={t('review.contract')}>
            <HexText value={view.to} />
          </Descriptions.Item>
        ) : null}
        {view.recipient ? (
          <Descriptions.Item
            label={view.kind === 'erc20_approve' ? t('review.spender') : t('review.recipient')}
          >
            <HexText value={view.recipient} testId="review-recipient" />
          </Descriptions.Item>
        ) : null}
        {view.amount_raw !== null ? (
          <Descriptions.Item
            label={view.kind === 'erc20_approve' ? t('review.allowance') : t('review.amount')}
          >
            <strong>
              {view.amount !== null ? (
                <TokenAmount
                  amount={view.amount}
                  symbol={view.kind === 'native' ? view.native_symbol : view.token_symbol}
                  testId="review-amount"
                />
              ) : (
                <span data-testid="review-amount">{t('review.baseUnits', { value: view.amount_raw })}</span>
              )}
            </strong>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('review.nativeValue')}>
          <TokenAmount amount={view.native_value} symbol={view.native_symbol} testId="review-native-value" />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.nonce')}>{view.nonce}</Descriptions.Item>
        <Descriptions.Item label={t('review.safeTxHash')}>
          <HexText value={view.safe_tx_hash} testId="review-safe-tx-hash" />
        </Descriptions.Item>
        <Descriptions.Item label={t('review.domainHash')}>
          <HexText value={view.domain_hash} testId="review-domain-hash" />
        </Descriptions.Item>
        <Descriptions.Item label={t('review.messageHash')}>
          <HexText value={view.message_hash} testId="review-message-hash" />
        </Descriptions.Item>
      </Descriptions>
      {view.kind === 'multi_send' ? <MultiSendCalls view={view} /> : null}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 6, marginBottom: 0 }}>
        {t('review.compare')}
      </Typography.Paragraph>
    </div>
  );
}
