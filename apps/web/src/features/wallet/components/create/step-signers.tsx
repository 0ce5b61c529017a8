import { useState } from 'react';
import { Button, Checkbox, Form, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BTC_MULTISIG_MAX_SIGNERS, MULTISIG_PRESETS } from '@keystead/contract/limits';
import { useSelectedSpaceId } from '@/lib/space';
import { useChains } from '../../api/list-chains';
import { useSignUsers } from '../../api/list-sign-users';
import { offersTimelockRecovery } from '../../timelock-recovery';
import type { StepProps } from './draft';
import { checkRecoveryDraft, RecoveryKeySection, type RecoveryErrors } from './recovery-key-section';
import { SignerOptionLabel, SignerOptionsNotice, WizardError } from './signer-option-bits';
import { StepActions } from './step-actions';

/**
 * Step 3 (multisig): verified signer addresses of members, and the threshold (> 1, ≤ signers);
 * on Bitcoin and Litecoin an optional emergency recovery key. `recoveryErrors`: the server's
 * refusal of the last create, placed on the recovery fields.
 */
export function StepSigners({
  draft,
  onBack,
  onNext,
  recoveryErrors,
}: StepProps & { recoveryErrors?: RecoveryErrors }) {
  const { t } = useTranslation('wallets');
  const spaceId = useSelectedSpaceId();
  const signUsers = useSignUsers(spaceId);
  const [signers, setSigners] = useState<number[]>(draft.signers);
  const [threshold, setThreshold] = useState<number>(draft.threshold);
  const [error, setError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(draft.recovery);
  // Shown until the recovery is edited: the server's refusal, then our own checks on Next.
  const [recoveryShown, setRecoveryShown] = useState<RecoveryErrors>(recoveryErrors ?? {});
  // Signer addresses of the chain's family: EVM addresses, or Bitcoin-family keys (xpubs).
  const family = useChains().data?.list.find((chain) => chain.chain_id === draft.chain_key)?.family ?? 'EVM';
  const options = (signUsers.data?.list ?? []).filter((option) => option.family === family);
  const withRecovery = offersTimelockRecovery(family, draft.chain_key);

  const next = () => {
    if (signers.length < 2) return setError(t('validation.signersMin'));
    if (signers.length > BTC_MULTISIG_MAX_SIGNERS)
      return setError(t('validation.signersMax', { max: BTC_MULTISIG_MAX_SIGNERS }));
    if (threshold < 2 || threshold > signers.length)
      return setError(t('validation.threshold', { max: signers.length }));
    const recoveryProblems = withRecovery ? checkRecoveryDraft(recovery, t) : {};
    if (Object.keys(recoveryProblems).length) return setRecoveryShown(recoveryProblems);
    onNext({ signers, threshold, recovery: withRecovery ? recovery : null });
  };

  return (
    <div style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('create.signers.description')}</Typography.Paragraph>
      <SignerOptionsNotice loaded={signUsers.isSuccess} count={options.length} placement="top" />
      {options.length ? (
        <Checkbox.Group
          value={signers}
          onChange={(value) => {
            setSigners(value as number[]);
            setError(null);
          }}
          style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}
          data-testid="signer-options"
        >
          {options.map((option) => (
            <Checkbox
              key={option.id}
              value={option.id}
              data-testid={`signer-option-${option.address.toLowerCase()}`}
              style={{
                padding: '8px 12px',
                border: '1px solid #e6e9f0',
                borderRadius: 8,
                marginInlineStart: 0,
              }}
            >
              <SignerOptionLabel option={option} />
            </Checkbox>
          ))}
        </Checkbox.Group>
      ) : (
        <SignerOptionsNotice loaded={signUsers.isSuccess} count={0} placement="list" />
      )}
      <Form layout="vertical">
        <Form.Item
          label={t('fields.threshold')}
          extra={t('create.signers.thresholdHint', { count: signers.length })}
        >
          <Space wrap>
            <InputNumber
              id="wallet-threshold"
              min={2}
              max={Math.max(2, signers.length)}
              value={threshold}
              onChange={(value) => {
                setThreshold(Number(value ?? 2));
                setError(null);
              }}
              addonAfter={t('create.signers.ofSigners', { count: signers.length })}
            />
            <Button size="small" onClick={() => setThreshold(MULTISIG_PRESETS.personal.threshold)}>
              {t('create.signers.presetPersonal')}
            </Button>
            <Button size="small" onClick={() => setThreshold(MULTISIG_PRESETS.business.threshold)}>
              {t('create.signers.presetBusiness')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {withRecovery ? (
        <RecoveryKeySection
          chainKey={draft.chain_key}
          value={recovery}
          onChange={(value) => {
            setRecovery(value);
            setRecoveryShown({});
          }}
          errors={recoveryShown}
        />
      ) : null}
      <WizardError message={error} />
      <StepActions onBack={onBack} onNext={next} />
    </div>
  );
}
