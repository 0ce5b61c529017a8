import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Checkbox, Empty, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { isTronAddress } from '@/lib/tron-address';
import { useSelectedSpaceId } from '@/lib/space';
import { useSignUsers } from '../../api/list-sign-users';
import { MONO } from '../wallet-bits';
import type { StepProps } from './draft';
import { StepActions } from './step-actions';
import { TronAccountField } from './tron-account-field';

/** A Tron account permission holds at most 5 keys (the server says TRON_PERMISSION_KEYS_ERROR). */
export const TRON_MAX_SIGNERS = 5;
const MAX_WEIGHT = 100;

/**
 * Step 3 for Tron: verified Tron addresses of members, each with a weight, and the threshold as a
 * weight (≥ 2, ≤ the sum of the weights); the account the signers take over.
 */
export function StepSignersTron({ draft, onBack, onNext }: StepProps) {
  const { t } = useTranslation('wallets');
  const signUsers = useSignUsers(useSelectedSpaceId());
  const options = (signUsers.data?.list ?? []).filter((option) => option.family === 'TRX');
  const [signers, setSigners] = useState<number[]>(draft.signers);
  const [weights, setWeights] = useState<Record<number, number>>(() =>
    Object.fromEntries(draft.signers.map((id, index) => [id, draft.weights[index] ?? 1])),
  );
  const [threshold, setThreshold] = useState(draft.threshold);
  const [account, setAccount] = useState(draft.account_address);
  const [tried, setTried] = useState(false);
  const weightOf = (id: number) => weights[id] ?? 1;
  const sum = signers.reduce((total, id) => total + weightOf(id), 0);

  const signerError =
    signers.length < 2
      ? t('validation.signersMin')
      : signers.length > TRON_MAX_SIGNERS
        ? t('validation.signersMax', { max: TRON_MAX_SIGNERS })
        : threshold < 2 || threshold > sum
          ? t('tron.create.thresholdRule', { sum })
          : null;
  const accountError = !account
    ? t('validation.addressRequired')
    : isTronAddress(account)
      ? null
      : t('validation.tronAddressFormat');

  const toggle = (id: number, checked: boolean) =>
    setSigners((chosen) => (checked ? [...chosen, id] : chosen.filter((item) => item !== id)));
  const next = () => {
    setTried(true);
    if (signerError || accountError) return;
    onNext({ signers, weights: signers.map(weightOf), threshold, account_address: account });
  };

  return (
    <div style={{ maxWidth: 720 }} data-testid="tron-signers">
      <Typography.Paragraph type="secondary">{t('tron.create.description')}</Typography.Paragraph>
      {signUsers.isError ? (
        <QueryError
          title={t('tron.create.signersError')}
          error={signUsers.error}
          onRetry={() => signUsers.refetch()}
          retrying={signUsers.isFetching}
          testId="signer-options-error"
        />
      ) : signUsers.isSuccess && options.length < 2 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('create.signers.notEnough')}
          description={<Link to="/permission-address">{t('create.signers.goVerify')}</Link>}
        />
      ) : null}
      {options.length ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}>
          {options.map((option) => {
            const checked = signers.includes(option.id);
            return (
              <div
                key={option.id}
                data-testid={`signer-option-${option.address}`}
                style={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 8,
                  padding: '8px 12px',
                  border: `1px solid ${checked ? '#91caff' : '#e6e9f0'}`,
                  borderRadius: 8,
                }}
              >
                <Checkbox
                  checked={checked}
                  disabled={!checked && signers.length >= TRON_MAX_SIGNERS}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                  style={{ flex: '1 1 320px', minWidth: 0 }}
                >
                  <Typography.Text strong>{option.name}</Typography.Text>{' '}
                  <Typography.Text type="secondary">· {option.nickname || option.email}</Typography.Text>
                  <div style={{ ...MONO, wordBreak: 'break-all', color: 'rgba(0,0,0,0.65)' }}>
                    {option.address}
                  </div>
                </Checkbox>
                <InputNumber
                  aria-label={t('tron.create.weightOf', { name: option.name })}
                  data-testid="signer-weight"
                  min={1}
                  max={MAX_WEIGHT}
                  precision={0}
                  disabled={!checked}
                  value={weightOf(option.id)}
                  onChange={(value) => setWeights((all) => ({ ...all, [option.id]: Number(value ?? 1) }))}
                  addonBefore={t('tron.create.weight')}
                  style={{ width: 150 }}
                />
              </div>
            );
          })}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('tron.create.maxSigners', { max: TRON_MAX_SIGNERS })}
          </Typography.Text>
        </div>
      ) : signUsers.isSuccess ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('create.signers.none')} />
      ) : null}
      <Form layout="vertical">
        <Form.Item label={t('tron.create.threshold')} extra={t('tron.create.thresholdHint')}>
          <InputNumber
            id="wallet-threshold"
            min={2}
            max={Math.max(2, sum)}
            precision={0}
            value={threshold}
            onChange={(value) => setThreshold(Number(value ?? 2))}
            addonAfter={t('tron.create.ofWeight', { sum })}
          />
          <div style={{ marginTop: 6 }} data-testid="weight-sum">
            <Typography.Text>
              {t('tron.create.sum', { sum, signers: signers.length, threshold })}
            </Typography.Text>
          </div>
        </Form.Item>
        <TronAccountField value={account} error={tried ? accountError : null} onChange={setAccount} />
      </Form>
      {tried && signerError ? (
        <Alert
          type="error"
          showIcon
          message={signerError}
          style={{ marginBottom: 12 }}
          data-testid="wizard-error"
        />
      ) : null}
      <StepActions onBack={onBack} onNext={next} />
    </div>
  );
}
