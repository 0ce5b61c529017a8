import { useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useWalletAssets } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import { FundPurposeField, useFundPurposeRule } from '../wizard/fund-purpose-field';
import { WizardActions } from '../wizard/wizard-actions';
import {
  emptyItem,
  itemErrors,
  PRE_SIGN_MAX,
  type PreSignDraft,
  type PreSignItemDraft,
} from './pre-sign-draft';
import { PreSignItemCard } from './pre-sign-item-card';

/**
 * Step 2: the list of 1..10 transfers (each its name, recipient, asset, amount and fee tier), in
 * the order they take the Safe nonces; the fund purpose and remark of them all; "Check".
 */
export function PreSignItemsStep(props: {
  draft: PreSignDraft;
  /** A refusal of the whole list by the server, said above the actions. */
  serverError: string | null;
  checking: boolean;
  onChange: (patch: Partial<PreSignDraft>) => void;
  onBack: () => void;
  onCheck: () => void;
}) {
  const { t } = useLazyTranslation('preSign');
  const { draft } = props;
  const assets = useWalletAssets(draft.walletId);
  const rule = useFundPurposeRule(draft.walletId, draft.fundPurpose);
  const [tried, setTried] = useState(false);
  const errors = draft.items.map(itemErrors);
  const invalid = errors.some((error) => Object.keys(error).length > 0) || Boolean(rule.error);

  const setItem = (index: number, patch: Partial<PreSignItemDraft>) =>
    props.onChange({
      items: draft.items.map((item, at) => (at === index ? { ...item, ...patch } : item)),
    });

  const check = () => {
    setTried(true);
    if (!invalid) props.onCheck();
  };

  if (assets.isPending) return <Skeleton active />;
  return (
    <div data-testid="pre-sign-items">
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {draft.items.map((item, index) => (
          <PreSignItemCard
            key={item.key}
            index={index}
            item={item}
            walletId={draft.walletId}
            assets={assets.data?.detail ?? []}
            errors={tried ? errors[index]! : {}}
            removable={draft.items.length > 1}
            onChange={(patch) => setItem(index, patch)}
            onRemove={() => props.onChange({ items: draft.items.filter((_, at) => at !== index) })}
          />
        ))}
      </Space>
      <Space style={{ marginTop: 12 }} align="center" wrap>
        <Button
          icon={<PlusOutlined />}
          disabled={draft.items.length >= PRE_SIGN_MAX}
          onClick={() => props.onChange({ items: [...draft.items, emptyItem()] })}
          data-testid="pre-sign-add"
        >
          {t('add')}
        </Button>
        <Typography.Text type="secondary">{t('maxReached', { max: PRE_SIGN_MAX })}</Typography.Text>
      </Space>
      <Form layout="vertical" style={{ marginTop: 16, maxWidth: 720 }}>
        <FundPurposeField
          rule={rule}
          value={draft.fundPurpose}
          error={tried ? rule.error : null}
          onChange={(fundPurpose) => props.onChange({ fundPurpose })}
        />
        <Form.Item label={t('fields.remark')}>
          <Input.TextArea
            rows={2}
            maxLength={200}
            showCount
            value={draft.remark}
            onChange={(event) => props.onChange({ remark: event.target.value })}
            data-testid="pre-sign-remark"
          />
        </Form.Item>
      </Form>
      {props.serverError ? (
        <Alert type="error" showIcon message={props.serverError} data-testid="pre-sign-server-error" />
      ) : null}
      <WizardActions
        onBack={props.onBack}
        onNext={check}
        loading={props.checking}
        nextText={t('check')}
        testId="pre-sign-check"
      />
    </div>
  );
}
