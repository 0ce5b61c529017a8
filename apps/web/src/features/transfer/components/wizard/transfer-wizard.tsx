import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, Grid, Progress, Steps, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { isApiError } from '@/lib/api-client';
import { createTransfer } from '../../api/create-transfer';
import { TRANSFER_KEY } from '../../api/transfer-queries';
import { emptyDraft, type TransferDraft } from './draft';
import { StepInfo } from './step-info';
import { StepPeople } from './step-people';
import { StepReview } from './step-review';
import { StepWallet } from './step-wallet';

const KEYS = ['wallet', 'info', 'people', 'review'] as const;

/**
 * §4 Transfer wizard: choose wallet → transfer info → approvers and signers → review → create,
 * then the new task's detail. Going back to the info step clears max mode and the chosen fee.
 */
export function TransferWizard() {
  const { t } = useTranslation('transfer');
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<TransferDraft>(() => emptyDraft(Number(params.get('wallet_id') ?? 0)));
  const [step, setStep] = useState(0);
  const [creating, setCreating] = useState(false);
  const key = KEYS[step]!;
  const titles = KEYS.map((item) => t(`wizard.steps.${item}`));

  const create = async () => {
    setCreating(true);
    try {
      const task = await createTransfer({
        wallet_id: draft.walletId,
        to: draft.to,
        amount: draft.amount,
        token: draft.token,
        ...(draft.remark ? { remark: draft.remark } : {}),
        acknowledge_similar: draft.acknowledgeSimilar,
        fee_tier: draft.feeTier,
        ...(draft.feeTier === 'custom' ? { custom_fee_gwei: draft.customFeeGwei } : {}),
      });
      void client.invalidateQueries({ queryKey: TRANSFER_KEY });
      toastSuccess(t('wizard.created', { number: task.task_number }));
      void navigate(`/task/${task.task_id}`);
    } catch (error) {
      // A recipient problem is fixed on the info step.
      if (isApiError(error) && /RISK_ADDRESS|WHITELIST|ADDRESS_INVALID|TO_SELF|AMOUNT|DECIMALS|VOLUME|BALANCE/.test(error.code)) setStep(1);
      void showErrorToast(error);
    } finally {
      setCreating(false);
    }
  };

  return (
    <div data-testid="transfer-wizard">
      <PageHeader title={t('wizard.title')} description={t('wizard.description')} />
      <Card>
        {screens.md ? (
          <Steps current={step} size="small" items={titles.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
        ) : (
          <div style={{ marginBottom: 16 }}>
            <Typography.Text strong>{t('wizard.stepOf', { step: step + 1, count: KEYS.length, title: titles[step] })}</Typography.Text>
            <Progress percent={Math.round(((step + 1) / KEYS.length) * 100)} showInfo={false} size="small" />
          </div>
        )}
        <div data-testid={`transfer-step-${key}`}>
          {key === 'wallet' ? (
            <StepWallet
              walletId={draft.walletId}
              onPick={(walletId) => setDraft((value) => (value.walletId === walletId ? value : emptyDraft(walletId)))}
              onNext={() => setStep(1)}
            />
          ) : key === 'info' ? (
            <StepInfo
              key={draft.walletId}
              draft={draft}
              onBack={() => setStep(0)}
              onNext={(patch) => {
                setDraft((value) => ({ ...value, ...patch }));
                setStep(2);
              }}
            />
          ) : key === 'people' ? (
            <StepPeople
              walletId={draft.walletId}
              onBack={() => {
                setDraft((value) => ({ ...value, maxMode: false, feeTier: 'standard', customFeeGwei: '' }));
                setStep(1);
              }}
              onNext={() => setStep(3)}
            />
          ) : (
            <StepReview draft={draft} creating={creating} onBack={() => setStep(2)} onCreate={() => void create()} />
          )}
        </div>
      </Card>
    </div>
  );
}
