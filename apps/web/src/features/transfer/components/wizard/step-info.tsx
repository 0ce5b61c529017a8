import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Select, Skeleton, Typography } from 'antd';
import { trimStart } from '@/lib/validation';
import { useAddressTags } from '../../api/create-transfer';
import { ADDRESS_TAG } from '../../task-rules';
import { useChainFamily, useWalletAssets, useWalletBaseInfo } from '@/features/wallet';
import { isDestinationTag } from '@/lib/xrp-address';
import { catalogueMessage } from '../transfer-bits';
import { amountError, isLargeAmount, recipientError, recipientWellFormed } from './amount-rules';
import { DestinationTagField } from './destination-tag-field';
import type { TransferDraft } from './draft';
import { FeePicker, GWEI_PATTERN } from './fee-picker';
import { FeeQuote } from './fee-quote';
import { FundPurposeField, useFundPurposeRule } from './fund-purpose-field';
import { RecipientKind } from './recipient-kind';
import { RecipientTags } from './recipient-tags';
import { WizardActions } from './wizard-actions';
import { useLazyTranslation } from '@/lib/use-namespace';

const NATIVE = 'native';

/** Step 2: asset, recipient (risk tags), amount (max mode, available), fee tier, remark — checked by §5 before going on. */
export function StepInfo(props: {
  draft: TransferDraft;
  onBack: () => void;
  onNext: (patch: Partial<TransferDraft>) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const [draft, setDraft] = useState(props.draft);
  const [tried, setTried] = useState(false);
  const assets = useWalletAssets(draft.walletId);
  const wallet = useWalletBaseInfo(draft.walletId);
  // Tron (T…) and XRP (r…, X…) recipients; their fees come from the chain's prices, without tiers.
  const chainFamily = useChainFamily(wallet.data?.chain_id);
  const family = chainFamily ?? 'EVM';
  const tron = family === 'TRX';
  const xrp = family === 'XRP';
  // Solana: the space's fee payer pays every fee; the wallet pays none.
  const solana = family === 'SOL';
  const wellFormed = recipientWellFormed(family, draft.to.trim());
  const tags = useAddressTags(draft.walletId, draft.to.trim(), wellFormed);
  const patch = (change: Partial<TransferDraft>) => setDraft((value) => ({ ...value, ...change }));
  const purpose = useFundPurposeRule(draft.walletId, draft.fundPurpose);

  const lines = assets.data?.detail ?? [];
  const asset =
    lines.find((line) => (line.contract_address ?? NATIVE) === (draft.token ?? NATIVE)) ??
    lines.find((line) => line.symbol === 'USDT') ??
    lines[0];
  useEffect(() => {
    if (asset && (asset.symbol !== draft.symbol || asset.decimals !== draft.decimals))
      setDraft((value) => ({
        ...value,
        token: asset.contract_address,
        symbol: asset.symbol,
        decimals: asset.decimals,
      }));
  }, [asset, draft.symbol, draft.decimals]);
  // The server subtracts what active transfers lock from the balance (asset-info).
  const available = asset ? asset.available_amount : null;

  // Max mode follows the available amount as it changes.
  useEffect(() => {
    if (draft.maxMode && available !== null && draft.amount !== available)
      setDraft((value) => ({ ...value, amount: available }));
  }, [draft.maxMode, available, draft.amount]);

  const currentTags = tags.data?.tags ?? [];
  const similar = currentTags.includes(ADDRESS_TAG.similar);
  const errors = useMemo(() => {
    const to = recipientError(draft.to, wallet.data?.address ?? null, family);
    const amount = asset ? amountError(draft.amount, asset.decimals, available) : 'PARAMS_REQUIRED_ERROR';
    const fee =
      draft.feeTier === 'custom' &&
      (!GWEI_PATTERN.test(draft.customFeeGwei) || Number(draft.customFeeGwei) <= 0)
        ? 'FEE_RATE_ERROR'
        : null;
    return {
      to: to
        ? catalogueMessage(to, { field: t('fields.to'), param: tron ? 'Tron' : family })
        : tags.error
          ? catalogueMessage('CHAIN_ADDRESS_INVALID_ERROR', { param: tron ? 'Tron' : family })
          : null,
      amount: amount ? catalogueMessage(amount, { field: t('fields.amount') }) : null,
      fee: fee ? catalogueMessage(fee) : null,
      ack: similar && !draft.acknowledgeSimilar ? t('wizard.similarNeedAck') : null,
      tag:
        xrp && draft.destinationTag !== '' && !isDestinationTag(draft.destinationTag)
          ? t('xrp.tagFormat')
          : null,
    };
  }, [draft, asset, available, wallet.data, tags.error, similar, t, family, tron, xrp]);
  const large = asset && !errors.amount ? isLargeAmount(draft.amount, asset.decimals, available) : false;
  // The fee in the coin and USD is asked once the recipient and amount are valid.
  const feeInput =
    asset && !errors.to && !errors.amount && !tags.isPending && wallet.data?.sign_type === 1
      ? {
          walletId: draft.walletId,
          to: draft.to.trim(),
          amount: draft.amount.trim(),
          token: draft.token,
          ...(xrp && draft.destinationTag !== '' && !errors.tag
            ? { destinationTag: Number(draft.destinationTag) }
            : {}),
        }
      : null;
  const show = (message: string | null) => (tried ? message : null);

  const next = () => {
    setTried(true);
    if (
      errors.to ||
      errors.amount ||
      errors.fee ||
      errors.ack ||
      errors.tag ||
      purpose.error ||
      tags.isFetching ||
      !asset
    )
      return;
    props.onNext({ ...draft, to: draft.to.trim(), amount: draft.amount.trim(), tags: currentTags });
  };

  if (assets.isPending) return <Skeleton active />;
  return (
    <Form layout="vertical" style={{ maxWidth: 640 }} data-testid="transfer-info-form" onFinish={next}>
      <Form.Item label={t('fields.asset')}>
        <Select
          id="transfer-asset"
          value={asset ? (asset.contract_address ?? NATIVE) : undefined}
          onChange={(value: string) => {
            const line = lines.find((item) => (item.contract_address ?? NATIVE) === value)!;
            patch({
              token: line.contract_address,
              symbol: line.symbol,
              decimals: line.decimals,
              maxMode: false,
              amount: '',
            });
          }}
          options={lines.map((line) => ({
            value: line.contract_address ?? NATIVE,
            label: `${line.symbol} · ${line.amount_display}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        label={t('fields.to')}
        validateStatus={show(errors.to) ? 'error' : undefined}
        help={show(errors.to)}
        required
      >
        <Input
          id="transfer-to"
          value={draft.to}
          onChange={(event) => patch({ to: trimStart(event), acknowledgeSimilar: false })}
          placeholder={tron ? 'T…' : xrp ? 'r… / X…' : '0x…'}
          autoComplete="off"
          style={{ fontFamily: 'ui-monospace, monospace' }}
        />
        <RecipientKind chainKey={wallet.data?.chain_id} address={draft.to} wellFormed={wellFormed} />
        <RecipientTags
          tags={currentTags}
          similarTo={tags.data?.similar_to ?? null}
          acknowledged={draft.acknowledgeSimilar}
          onAcknowledge={(value) => patch({ acknowledgeSimilar: value })}
        />
      </Form.Item>
      {xrp ? (
        <DestinationTagField
          value={draft.destinationTag}
          to={draft.to.trim()}
          error={show(errors.tag)}
          onChange={(destinationTag) => patch({ destinationTag })}
        />
      ) : null}
      <Form.Item
        label={t('fields.amount')}
        required
        validateStatus={show(errors.amount) ? 'error' : undefined}
        help={show(errors.amount)}
        extra={
          <span data-testid="transfer-available">
            {t('wizard.available', { amount: available ?? '—', symbol: asset?.symbol ?? '' })}
            {asset?.lock_amount && Number(asset.lock_amount) > 0 ? ` · ${t('wizard.lockedHint')}` : ''}
          </span>
        }
      >
        <Input
          id="transfer-amount"
          value={draft.amount}
          inputMode="decimal"
          onChange={(event) => patch({ amount: event.target.value.trim(), maxMode: false })}
          addonAfter={
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto' }}
              onClick={() => patch({ maxMode: true, amount: available ?? '' })}
              data-testid="transfer-max"
            >
              {t('wizard.max')}
            </Button>
          }
          suffix={asset?.symbol}
        />
      </Form.Item>
      {large ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('wizard.largeAmount')}
          data-testid="large-amount-warning"
        />
      ) : null}
      <Form.Item label={t('fields.fee')}>
        {tron || xrp ? (
          <Typography.Text type="secondary" data-testid={`${tron ? 'tron' : 'xrp'}-fee-note`}>
            {t(`${tron ? 'tron' : 'xrp'}.feeNote`)}
          </Typography.Text>
        ) : solana ? (
          <Typography.Text type="secondary" data-testid="sol-fee-note">
            {t('sol.feeNote')}
          </Typography.Text>
        ) : !chainFamily ? null : (
          <FeePicker
            walletId={draft.walletId}
            tier={draft.feeTier}
            custom={draft.customFeeGwei}
            error={show(errors.fee)}
            onChange={(feeTier, customFeeGwei) => patch({ feeTier, customFeeGwei })}
          />
        )}
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
      {tried && (errors.to || errors.amount || errors.ack || errors.tag || purpose.error) ? (
        <Typography.Text type="danger" data-testid="transfer-info-errors">
          {errors.ack ?? t('wizard.fixErrors')}
        </Typography.Text>
      ) : null}
      <div>
        <WizardActions onBack={props.onBack} onNext={next} />
      </div>
    </Form>
  );
}
