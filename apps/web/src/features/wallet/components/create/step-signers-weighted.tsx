import { useState } from 'react';
import { Checkbox, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { isTronAddress } from '@/lib/tron-address';
import { isXrpClassicAddress } from '@/lib/xrp-address';
import { useSelectedSpaceId } from '@/lib/space';
import { FAMILY_KEY, type WeightedFamily } from '../../api/account-setup';
import { useSignUsers } from '../../api/list-sign-users';
import type { StepProps } from './draft';
import { SignerOptionLabel, SignerOptionsNotice, WizardError } from './signer-option-bits';
import { StepActions } from './step-actions';
import { WalletAccountField } from './wallet-account-field';

/**
 * How many keys the account can hand to: a Tron permission holds at most 5 (the server says
 * TRON_PERMISSION_KEYS_ERROR), an XRP signer list 32 (XRP_SIGNER_LIST_KEYS_ERROR).
 */
export const MAX_SIGNERS: Record<WeightedFamily, number> = { TRX: 5, XRP: 32 };
const MAX_WEIGHT = 100;
const IS_ACCOUNT: Record<WeightedFamily, (value: string) => boolean> = {
  TRX: isTronAddress,
  XRP: isXrpClassicAddress,
};

/**
 * Step 3 for Tron and XRP: verified addresses of members in the family, each with a weight, and
 * the threshold as a weight (≥ 2, ≤ the sum of the weights; XRP calls it the signer list's
 * quorum); the account the signers take over, which on XRP cannot be one of them.
 */
export function StepSignersWeighted({
  family,
  draft,
  onBack,
  onNext,
}: StepProps & { family: WeightedFamily }) {
  const { t } = useTranslation('wallets');
  const key = FAMILY_KEY[family];
  const max = MAX_SIGNERS[family];
  const signUsers = useSignUsers(useSelectedSpaceId());
  const options = (signUsers.data?.list ?? []).filter((option) => option.family === family);
  const [signers, setSigners] = useState<number[]>(draft.signers);
  const [weights, setWeights] = useState<Record<number, number>>(() =>
    Object.fromEntries(draft.signers.map((id, index) => [id, draft.weights[index] ?? 1])),
  );
  const [threshold, setThreshold] = useState(draft.threshold);
  const [account, setAccount] = useState(draft.account_address);
  const [tried, setTried] = useState(false);
  const weightOf = (id: number) => weights[id] ?? 1;
  const sum = signers.reduce((total, id) => total + weightOf(id), 0);
  const chosenAddresses = options.filter((option) => signers.includes(option.id)).map((o) => o.address);

  const signerError =
    signers.length < 2
      ? t('validation.signersMin')
      : signers.length > max
        ? t('validation.signersMax', { max })
        : threshold < 2 || threshold > sum
          ? t(`${key}.create.thresholdRule`, { sum })
          : null;
  const accountError = !account
    ? t('validation.addressRequired')
    : !IS_ACCOUNT[family](account)
      ? t(`validation.${key}AddressFormat`)
      : family === 'XRP' && chosenAddresses.includes(account)
        ? t('xrp.create.ownAccount')
        : null;

  const toggle = (id: number, checked: boolean) =>
    setSigners((chosen) => (checked ? [...chosen, id] : chosen.filter((item) => item !== id)));
  const next = () => {
    setTried(true);
    if (signerError || accountError) return;
    onNext({ signers, weights: signers.map(weightOf), threshold, account_address: account });
  };

  return (
    <div style={{ maxWidth: 720 }} data-testid={`${key}-signers`}>
      <Typography.Paragraph type="secondary">{t(`${key}.create.description`)}</Typography.Paragraph>
      {signUsers.isError ? (
        <QueryError
          title={t(`${key}.create.signersError`)}
          error={signUsers.error}
          onRetry={() => signUsers.refetch()}
          retrying={signUsers.isFetching}
          testId="signer-options-error"
        />
      ) : (
        <SignerOptionsNotice loaded={signUsers.isSuccess} count={options.length} placement="top" />
      )}
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
                  disabled={!checked && signers.length >= max}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                  style={{ flex: '1 1 320px', minWidth: 0 }}
                >
                  <SignerOptionLabel option={option} />
                </Checkbox>
                <InputNumber
                  aria-label={t(`${key}.create.weightOf`, { name: option.name })}
                  data-testid="signer-weight"
                  min={1}
                  max={MAX_WEIGHT}
                  precision={0}
                  disabled={!checked}
                  value={weightOf(option.id)}
                  onChange={(value) => setWeights((all) => ({ ...all, [option.id]: Number(value ?? 1) }))}
                  addonBefore={t(`${key}.create.weight`)}
                  style={{ width: 150 }}
                />
              </div>
            );
          })}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`${key}.create.maxSigners`, { max })}
          </Typography.Text>
        </div>
      ) : (
        <SignerOptionsNotice loaded={signUsers.isSuccess} count={0} placement="list" />
      )}
      <Form layout="vertical">
        <Form.Item label={t(`${key}.create.threshold`)} extra={t(`${key}.create.thresholdHint`)}>
          <InputNumber
            id="wallet-threshold"
            min={2}
            max={Math.max(2, sum)}
            precision={0}
            value={threshold}
            onChange={(value) => setThreshold(Number(value ?? 2))}
            addonAfter={t(`${key}.create.ofWeight`, { sum })}
          />
          <div style={{ marginTop: 6 }} data-testid="weight-sum">
            <Typography.Text>
              {t(`${key}.create.sum`, { sum, signers: signers.length, threshold })}
            </Typography.Text>
          </div>
        </Form.Item>
        <WalletAccountField
          family={family}
          value={account}
          error={tried ? accountError : null}
          onChange={setAccount}
        />
      </Form>
      <WizardError message={tried ? signerError : null} />
      <StepActions onBack={onBack} onNext={next} />
    </div>
  );
}
