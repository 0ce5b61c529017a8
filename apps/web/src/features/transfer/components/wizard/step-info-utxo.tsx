import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Skeleton, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { api, isApiError, V1 } from '@/lib/api-client';
import { trimStart } from '@/lib/validation';
import type { AddressTags } from '../../api/types';
import { ADDRESS_TAG } from '../../task-rules';
import { useWalletUtxos } from '@/features/wallet';
import { UTXO_DECIMALS } from '../../api/utxo';
import { fetchMaxAmount } from '../../api/max-amount';
import { useWalletBaseInfo } from '@/features/wallet';
import { catalogueMessage } from '../transfer-bits';
import { amountError, fromUnits, isLargeAmount } from './amount-rules';
import type { TransferDraft } from './draft';
import { RecipientTags } from './recipient-tags';
import { UtxoFeePicker } from './utxo-fee-picker';
import { FeeQuote } from './fee-quote';
import { FundPurposeField, useFundPurposeRule } from './fund-purpose-field';
import { feeRateError, isUtxoAddress, sumSats, utxoRecipientError } from './utxo-rules';
import { UtxoTable } from './utxo-table';
import { useLazyTranslation } from '@/lib/use-namespace';
import { WizardActions } from './wizard-actions';

/** A refusal of the server for this form, placed at its field. */
export interface UtxoServerError {
  field: 'to' | 'amount' | 'utxos' | 'fee';
  message: string;
  /** The recipient it concerns, when the server names it. */
  address?: string;
}

/** The server's codes that a field of the Bitcoin-family info step fixes. */
export function utxoErrorField(code: string): UtxoServerError['field'] | null {
  if (/ADDRESS|TAPROOT|TO_SELF|WHITELIST/.test(code)) return 'to';
  if (code === 'UTXO_SHORTAGE_ERROR') return 'utxos';
  if (/FEE_RATE|FEE_ZERO/.test(code)) return 'fee';
  if (/AMOUNT|DECIMALS|VOLUME|BALANCE|FEE_EXCEEDS/.test(code)) return 'amount';
  return null;
}

const MAX_OUTPUTS = 51;

/**
 * Step 2 for Bitcoin-family wallets: the chain's coin (balance and available from the wallet's
 * UTXOs), one or more recipients (one transaction, many outputs), an optional manual coin choice,
 * the fee rate in sat/vB and a remark.
 */
export function StepInfoUtxo(props: {
  draft: TransferDraft;
  serverError?: UtxoServerError | null;
  onBack: () => void;
  onNext: (patch: Partial<TransferDraft>) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const [draft, setDraft] = useState<TransferDraft>({ ...props.draft, token: null, decimals: UTXO_DECIMALS });
  const [tried, setTried] = useState(Boolean(props.serverError));
  const [serverError, setServerError] = useState(props.serverError ?? null);
  const [manual, setManual] = useState(props.draft.utxos.length > 0);
  const wallet = useWalletBaseInfo(draft.walletId);
  const utxos = useWalletUtxos(draft.walletId);
  const chainKey = wallet.data?.chain_id ?? '';
  const symbol = utxos.data?.symbol ?? '';
  const patch = (change: Partial<TransferDraft>) => setDraft((value) => ({ ...value, ...change }));
  const purpose = useFundPurposeRule(draft.walletId, draft.fundPurpose);

  const rows = [{ to: draft.to, amount: draft.amount }, ...draft.outputs];
  const setRows = (next: Array<{ to: string; amount: string }>) => {
    setServerError(null);
    patch({ to: next[0]?.to ?? '', amount: next[0]?.amount ?? '', outputs: next.slice(1) });
  };
  const setRow = (index: number, change: Partial<{ to: string; amount: string }>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  // Risk tags of every well-formed recipient (the server also says whether the address is valid;
  // a server that does not tag this chain leaves the list empty).
  const tagQueries = useQueries({
    queries: rows.map((row) => {
      const address = row.to.trim();
      return {
        queryKey: ['transfer', 'address-tag', draft.walletId, address],
        queryFn: () => api.get<AddressTags>(`${V1}/address/tag`, { wallet_id: draft.walletId, address }),
        enabled: draft.walletId > 0 && Boolean(chainKey) && isUtxoAddress(chainKey, address),
        retry: false,
        staleTime: 30_000,
        // Tags are advice here: a server that cannot tag this chain's addresses just shows none.
        meta: { silent: true },
      };
    }),
  });
  const tagsOf = (index: number) => tagQueries[index]?.data?.tags ?? [];
  const similar = rows.some((_row, index) => tagsOf(index).includes(ADDRESS_TAG.similar));
  const allTags = [...new Set(rows.flatMap((_row, index) => tagsOf(index)))];

  // Max: everything the chosen (or free) coins hold, less the fee of exactly that transaction.
  const [maxPending, setMaxPending] = useState(false);
  const sendMax = async () => {
    setMaxPending(true);
    try {
      const to = rows[0]!.to.trim();
      const max = await fetchMaxAmount({
        walletId: draft.walletId,
        to: isUtxoAddress(chainKey, to) ? to : undefined,
        feeTier: draft.feeTier,
        customFeeRate: draft.customFeeRate,
        utxos: manual ? draft.utxos : undefined,
      });
      setRow(0, { amount: max.amount });
    } catch (error) {
      if (isApiError(error))
        setServerError({ field: utxoErrorField(error.code) ?? 'amount', message: error.message });
    } finally {
      setMaxPending(false);
    }
  };

  const list = utxos.data?.list ?? [];
  const selectedSats = list
    .filter((u) => draft.utxos.includes(u.outpoint))
    .reduce((sum, u) => sum + BigInt(u.value_sat), 0n);
  const availableSats = manual ? selectedSats : BigInt(utxos.data?.available_sat ?? '0');
  const available = utxos.data ? fromUnits(availableSats, UTXO_DECIMALS) : null;
  const totalSats = sumSats(rows.map((row) => row.amount.trim() || '0'));

  const errors = (() => {
    const rowErrors = rows.map((row, index) => {
      const to = utxoRecipientError(chainKey, row.to, wallet.data?.address ?? null);
      const duplicate = !to && rows.findIndex((other) => other.to.trim() === row.to.trim()) !== index;
      const amount = amountError(row.amount, UTXO_DECIMALS, null);
      return {
        to: to
          ? catalogueMessage(to, { field: t('fields.to'), param: symbol })
          : isApiError(tagQueries[index]?.error, 'CHAIN_ADDRESS_INVALID_ERROR')
            ? catalogueMessage('CHAIN_ADDRESS_INVALID_ERROR', { param: symbol })
            : duplicate
              ? t('wizard.duplicateRecipient')
              : null,
        amount: amount ? catalogueMessage(amount, { field: t('fields.amount') }) : null,
      };
    });
    const total =
      totalSats !== null && utxos.data && totalSats > availableSats
        ? catalogueMessage('TRANSFER_BALANCE_INSUFFICIENT_ERROR')
        : null;
    const coins = manual && draft.utxos.length === 0 ? t('utxo.chooseOne') : null;
    const feeCode = draft.feeTier === 'custom' ? feeRateError(draft.customFeeRate) : null;
    return {
      rows: rowErrors,
      total,
      coins,
      fee: feeCode ? catalogueMessage(feeCode) : null,
      ack: similar && !draft.acknowledgeSimilar ? t('wizard.similarNeedAck') : null,
    };
  })();
  const anyError =
    errors.rows.some((row) => row.to || row.amount) ||
    errors.total ||
    errors.coins ||
    errors.fee ||
    errors.ack;
  const large =
    !anyError && totalSats !== null && available !== null
      ? isLargeAmount(fromUnits(totalSats, UTXO_DECIMALS), UTXO_DECIMALS, available)
      : false;
  const show = (message: string | null | undefined) => (tried ? (message ?? null) : null);
  // The fee in the coin and USD for one recipient, once it and the amount are valid.
  const first = errors.rows[0];
  const feeInput =
    rows.length === 1 && first && !first.to && !first.amount && !errors.total && !errors.coins
      ? {
          walletId: draft.walletId,
          to: draft.to.trim(),
          amount: draft.amount.trim(),
          utxos: manual ? draft.utxos : undefined,
        }
      : null;
  const serverAt = (field: UtxoServerError['field']) =>
    serverError?.field === field ? serverError.message : null;
  const serverRow =
    serverError?.field === 'to'
      ? Math.max(
          0,
          rows.findIndex((row) => serverError.address && row.to.trim() === serverError.address),
        )
      : -1;

  const next = () => {
    setTried(true);
    if (anyError || purpose.error || serverError || tagQueries.some((q) => q.isFetching) || !utxos.data)
      return;
    props.onNext({
      ...draft,
      token: null,
      symbol,
      decimals: UTXO_DECIMALS,
      to: draft.to.trim(),
      amount: draft.amount.trim(),
      outputs: draft.outputs.map((row) => ({ to: row.to.trim(), amount: row.amount.trim() })),
      utxos: manual ? draft.utxos : [],
      tags: allTags,
    });
  };

  if (utxos.isPending || wallet.isPending) return <Skeleton active />;
  return (
    <Form layout="vertical" style={{ maxWidth: 720 }} data-testid="transfer-info-form" onFinish={next}>
      <Form.Item label={t('fields.asset')}>
        <div
          data-testid="utxo-asset"
          style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16, rowGap: 4, alignItems: 'baseline' }}
        >
          <Typography.Text strong>{symbol}</Typography.Text>
          <Typography.Text type="secondary">
            {t('utxo.balance', { amount: utxos.data?.balance ?? '—', symbol })}
          </Typography.Text>
          <Typography.Text type="secondary">{t('utxo.coins', { count: list.length })}</Typography.Text>
        </div>
      </Form.Item>
      {utxos.isError ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t('utxo.unreadable')} />
      ) : null}
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {t('utxo.recipients')}
      </Typography.Text>
      <div data-testid="utxo-recipients">
        {rows.map((row, index) => {
          const rowError = show(errors.rows[index]?.to) ?? (index === serverRow ? serverAt('to') : null);
          const amountErrorText =
            show(errors.rows[index]?.amount) ?? (index === 0 ? serverAt('amount') : null);
          return (
            <div
              key={index}
              data-testid={`utxo-output-${index}`}
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 8,
                alignItems: 'flex-start',
                marginBottom: 4,
                ...(index > 0 ? { borderTop: '1px dashed rgba(0,0,0,0.12)', paddingTop: 8 } : {}),
              }}
            >
              <Form.Item
                style={{ flex: '3 1 300px', minWidth: 0, marginBottom: 12 }}
                label={rows.length > 1 ? t('utxo.recipientN', { n: index + 1 }) : t('fields.to')}
                required
                validateStatus={rowError ? 'error' : undefined}
                help={rowError}
              >
                <Input
                  id={index === 0 ? 'transfer-to' : `transfer-to-${index}`}
                  value={row.to}
                  onChange={(event) => {
                    setRow(index, { to: trimStart(event) });
                    patch({ acknowledgeSimilar: false });
                  }}
                  placeholder={t('utxo.addressPlaceholder', { symbol })}
                  autoComplete="off"
                  style={{ fontFamily: 'ui-monospace, monospace' }}
                />
                <RecipientTags
                  tags={tagsOf(index)}
                  similarTo={tagQueries[index]?.data?.similar_to ?? null}
                  acknowledged={draft.acknowledgeSimilar}
                  onAcknowledge={(value) => patch({ acknowledgeSimilar: value })}
                />
              </Form.Item>
              <Form.Item
                style={{ flex: '1 1 160px', minWidth: 0, marginBottom: 12 }}
                label={t('fields.amount')}
                required
                validateStatus={amountErrorText ? 'error' : undefined}
                help={amountErrorText}
              >
                <Input
                  id={index === 0 ? 'transfer-amount' : `transfer-amount-${index}`}
                  value={row.amount}
                  inputMode="decimal"
                  onChange={(event) => setRow(index, { amount: event.target.value.trim() })}
                  suffix={symbol}
                  addonAfter={
                    rows.length === 1 ? (
                      <Button
                        type="link"
                        size="small"
                        loading={maxPending}
                        onClick={() => void sendMax()}
                        data-testid="transfer-max"
                      >
                        {t('wizard.max')}
                      </Button>
                    ) : undefined
                  }
                />
              </Form.Item>
              {rows.length > 1 ? (
                <Button
                  aria-label={t('utxo.removeRecipient')}
                  title={t('utxo.removeRecipient')}
                  icon={<DeleteOutlined />}
                  style={{ marginTop: 30 }}
                  onClick={() => setRows(rows.filter((_row, i) => i !== index))}
                  data-testid={`utxo-remove-${index}`}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      <Space wrap style={{ marginBottom: 16 }} align="center">
        <Button
          icon={<PlusOutlined />}
          disabled={rows.length >= MAX_OUTPUTS}
          onClick={() => setRows([...rows, { to: '', amount: '' }])}
          data-testid="utxo-add-recipient"
        >
          {t('utxo.addRecipient')}
        </Button>
        <Typography.Text type={show(errors.total) ? 'danger' : 'secondary'} data-testid="transfer-available">
          {rows.length > 1 && totalSats !== null
            ? `${t('utxo.total', { amount: fromUnits(totalSats, UTXO_DECIMALS), symbol })} · `
            : ''}
          {t('wizard.available', { amount: available ?? '—', symbol })}
          {!manual && utxos.data && BigInt(utxos.data.locked_sat) > 0n ? ` · ${t('wizard.lockedHint')}` : ''}
        </Typography.Text>
      </Space>
      {show(errors.total) ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={errors.total}
          data-testid="utxo-total-error"
        />
      ) : null}
      {large ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('wizard.largeAmount')}
          data-testid="large-amount-warning"
        />
      ) : null}
      <Form.Item
        label={t('utxo.coinChoice')}
        validateStatus={(show(errors.coins) ?? serverAt('utxos')) ? 'error' : undefined}
        help={show(errors.coins) ?? serverAt('utxos')}
        extra={manual ? undefined : t('utxo.automaticHint')}
      >
        <Space style={{ marginBottom: manual ? 8 : 0 }}>
          <Switch
            checked={manual}
            onChange={(value) => {
              setManual(value);
              setServerError(null);
              if (!value) patch({ utxos: [] });
            }}
            data-testid="utxo-manual"
          />
          <Typography.Text>{manual ? t('utxo.manual') : t('utxo.automatic')}</Typography.Text>
        </Space>
        {manual ? (
          <UtxoTable
            utxos={list}
            symbol={symbol}
            selected={draft.utxos}
            loading={utxos.isFetching}
            onChange={(outpoints) => {
              setServerError(null);
              patch({ utxos: outpoints });
            }}
          />
        ) : null}
      </Form.Item>
      <Form.Item label={t('fields.fee')}>
        <UtxoFeePicker
          walletId={draft.walletId}
          tier={draft.feeTier}
          custom={draft.customFeeRate}
          error={show(errors.fee) ?? serverAt('fee')}
          onChange={(feeTier, customFeeRate) => {
            if (serverError?.field === 'fee') setServerError(null);
            patch({ feeTier, customFeeRate });
          }}
        />
        <FeeQuote input={feeInput} tier={draft.feeTier} />
      </Form.Item>
      <FundPurposeField
        rule={purpose}
        value={draft.fundPurpose}
        error={show(purpose.error)}
        onChange={(fundPurpose) => patch({ fundPurpose })}
      />
      <Form.Item label={t('fields.remark')}>
        <Input.TextArea
          id="transfer-remark"
          value={draft.remark}
          maxLength={200}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          onChange={(event) => patch({ remark: trimStart(event) })}
        />
      </Form.Item>
      {tried && (anyError || purpose.error || serverError) ? (
        <Typography.Text type="danger" data-testid="transfer-info-errors">
          {errors.ack ?? serverError?.message ?? t('wizard.fixErrors')}
        </Typography.Text>
      ) : null}
      <div>
        <WizardActions onBack={props.onBack} onNext={next} />
      </div>
    </Form>
  );
}

/** The total of a draft's outputs (first recipient and the rest) as a decimal string. */
export const draftTotal = (draft: TransferDraft) => {
  const total = sumSats([draft.amount, ...draft.outputs.map((row) => row.amount)]);
  return total === null ? null : fromUnits(total, UTXO_DECIMALS);
};
