import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '@/components/ui/page-header';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { isApiError } from '@/lib/api-client';
import { createTransfer } from '../../api/create-transfer';
import { TRANSFER_KEY } from '../../api/transfer-queries';
import { isUtxoWallet, useWalletBaseInfo, WALLET_QUERY_KEY } from '@/features/wallet';
import { emptyDraft, type TransferDraft } from './draft';
import { StepInfo } from './step-info';
import { StepInfoUtxo, utxoErrorField, type UtxoServerError } from './step-info-utxo';
import { StepPeople } from './step-people';
import { StepReview } from './step-review';
import { StepReviewUtxo } from './step-review-utxo';
import { StepWallet } from './step-wallet';
import { useLazyTranslation } from '@/lib/use-namespace';
import { WizardProgress } from '@/components/ui/wizard-progress';

const KEYS = ['wallet', 'info', 'people', 'review'] as const;

/**
 * §4 Transfer wizard: choose wallet → transfer info → approvers and signers → review → create,
 * then the new task's detail. Going back to the info step clears max mode and the chosen fee.
 */
export function TransferWizard() {
  const { t } = useLazyTranslation('transfer');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<TransferDraft>(() => emptyDraft(Number(params.get('wallet_id') ?? 0)));
  const [step, setStep] = useState(0);
  const [creating, setCreating] = useState(false);
  const [serverError, setServerError] = useState<UtxoServerError | null>(null);
  const walletInfo = useWalletBaseInfo(draft.walletId);
  // Bitcoin-family (descriptor) wallets have their own info and review steps.
  const utxo = isUtxoWallet(walletInfo.data);
  const key = KEYS[step]!;
  const titles = KEYS.map((item) => t(`wizard.steps.${item}`));

  const create = async () => {
    setCreating(true);
    try {
      const task = await createTransfer(
        utxo
          ? {
              wallet_id: draft.walletId,
              to: draft.to,
              amount: draft.amount,
              token: null,
              ...(draft.outputs.length ? { outputs: draft.outputs } : {}),
              ...(draft.utxos.length ? { utxos: draft.utxos } : {}),
              ...(draft.remark ? { remark: draft.remark } : {}),
              ...(draft.fundPurpose ? { label_id: draft.fundPurpose.id } : {}),
              acknowledge_similar: draft.acknowledgeSimilar,
              fee_tier: draft.feeTier,
              ...(draft.feeTier === 'custom' ? { custom_fee_rate: draft.customFeeRate } : {}),
            }
          : {
              wallet_id: draft.walletId,
              to: draft.to,
              amount: draft.amount,
              token: draft.token,
              ...(draft.remark ? { remark: draft.remark } : {}),
              ...(draft.destinationTag !== '' ? { destination_tag: Number(draft.destinationTag) } : {}),
              ...(draft.fundPurpose ? { label_id: draft.fundPurpose.id } : {}),
              acknowledge_similar: draft.acknowledgeSimilar,
              fee_tier: draft.feeTier,
              ...(draft.feeTier === 'custom' ? { custom_fee_gwei: draft.customFeeGwei } : {}),
            },
      );
      void client.invalidateQueries({ queryKey: TRANSFER_KEY });
      // The wallet's locked amounts and coins changed with the new transfer.
      void client.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      toastSuccess(t('wizard.created', { number: task.task_number }));
      void navigate(`/task/${task.task_id}`);
    } catch (error) {
      // A recipient problem is fixed on the info step.
      if (utxo && isApiError(error) && utxoErrorField(error.code)) {
        // The server is authoritative on addresses, dust, coins and fees: its message goes to the field.
        const address = (error.data as { address?: unknown } | null)?.address;
        setServerError({
          field: utxoErrorField(error.code)!,
          message: error.message,
          ...(typeof address === 'string' ? { address } : {}),
        });
        setStep(1);
      } else if (
        isApiError(error) &&
        // PURPOSE_REQUIRED, TAG_NOT_FOUND: a fund purpose the wallet now requires, or one switched off meanwhile.
        /RISK_ADDRESS|WHITELIST|ADDRESS_INVALID|TO_SELF|AMOUNT|DECIMALS|VOLUME|BALANCE|DESTINATION_TAG|RESERVE|TRUST_LINE|PARAMS_REQUIRED|PURPOSE_REQUIRED|TAG_NOT_FOUND/.test(
          error.code,
        )
      )
        setStep(1);
      void showErrorToast(error);
    } finally {
      setCreating(false);
    }
  };

  return (
    <div data-testid="transfer-wizard">
      <PageHeader title={t('wizard.title')} description={t('wizard.description')} />
      <Card>
        <WizardProgress
          step={step}
          titles={titles}
          label={t('wizard.stepOf', { step: step + 1, count: KEYS.length, title: titles[step] })}
        />
        <div data-testid={`transfer-step-${key}`}>
          {key === 'wallet' ? (
            <StepWallet
              walletId={draft.walletId}
              onPick={(walletId) =>
                setDraft((value) => (value.walletId === walletId ? value : emptyDraft(walletId)))
              }
              onNext={() => setStep(1)}
            />
          ) : key === 'info' && utxo ? (
            <StepInfoUtxo
              key={`${draft.walletId}-${serverError?.message ?? ''}`}
              draft={draft}
              serverError={serverError}
              onBack={() => setStep(0)}
              onNext={(patch) => {
                setServerError(null);
                setDraft((value) => ({ ...value, ...patch }));
                setStep(2);
              }}
            />
          ) : key === 'info' && walletInfo.isPending ? (
            <Skeleton active />
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
                setDraft((value) => ({
                  ...value,
                  maxMode: false,
                  feeTier: 'standard',
                  customFeeGwei: '',
                  customFeeRate: '',
                }));
                setStep(1);
              }}
              onNext={() => setStep(3)}
            />
          ) : utxo ? (
            <StepReviewUtxo
              draft={draft}
              creating={creating}
              onBack={() => setStep(2)}
              onCreate={() => void create()}
            />
          ) : (
            <StepReview
              draft={draft}
              creating={creating}
              onBack={() => setStep(2)}
              onCreate={() => void create()}
            />
          )}
        </div>
      </Card>
    </div>
  );
}
