import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '@/components/ui/page-header';
import { LimitModal, type LimitInfo } from '@/features/organization';
import { isUtxoWallet, useChains, useWalletBaseInfo, WALLET_QUERY_KEY } from '@/features/wallet';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { estimateBatch, type BatchEstimate, type BatchRowError } from '../../api/batch-estimate';
import { createBatch } from '../../api/create-batch';
import { TRANSFER_KEY } from '../../api/transfer-queries';
import { StepWallet } from '../wizard/step-wallet';
import { batchBody, emptyBatchDraft, FILE_ERROR_CODES, placeErrors, type BatchDraft } from './batch-draft';
import { BatchRecipientsStep } from './batch-recipients-step';
import { BatchReview } from './batch-review';
import { WizardProgress } from '@/components/ui/wizard-progress';

const KEYS = ['wallet', 'recipients', 'review'] as const;
/** Chain families whose wallets pay many recipients in one transaction (Safe MultiSend, many outputs). */
const BATCH_FAMILIES = new Set(['EVM', 'BTC']);

/**
 * §4 batch (one-to-many) transfer: choose a wallet that can batch → the rows, fee and remark,
 * checked by the server (every bad row at once, shown at its row) → review → create, then the
 * new task's detail.
 */
export function BatchWizard() {
  const { t } = useLazyTranslation('batch');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<BatchDraft>(() => emptyBatchDraft(Number(params.get('wallet_id') ?? 0)));
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [rowErrors, setRowErrors] = useState<BatchRowError[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [feeError, setFeeError] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<BatchEstimate | null>(null);
  const [limit, setLimit] = useState<LimitInfo | null>(null);
  const chains = useChains();
  const walletInfo = useWalletBaseInfo(draft.walletId);
  const utxo = isUtxoWallet(walletInfo.data);
  const family = (chainId: string) => chains.data?.list.find((chain) => chain.chain_id === chainId)?.family;
  const titles = KEYS.map((key) => t(`steps.${key}`));

  const change = (patch: Partial<BatchDraft>) => {
    setDraft((value) => ({ ...value, ...patch }));
    if ('source' in patch) {
      setRowErrors([]);
      setFileError(null);
    }
    if ('feeTier' in patch) setFeeError(null);
  };

  /** A refusal, said where the user fixes it; true when it was one of the batch's own. */
  const refused = (error: unknown) => {
    if (isApiError(error, 'VIP_PLAN_LIMIT_EXCEEDED_ERROR')) {
      setLimit({ code: 'VIP_PLAN_LIMIT_EXCEEDED_ERROR' });
      return;
    }
    if (isApiError(error, 'BATCH_ROWS_INVALID_ERROR')) {
      const reply = (error.data as { rows?: BatchRowError[] } | null)?.rows ?? [];
      const placed = placeErrors(draft, utxo, reply);
      setDraft((value) => ({ ...value, rows: placed.rows }));
      setRowErrors(placed.errors);
      setStep(1);
      return;
    }
    if (isApiError(error) && FILE_ERROR_CODES.includes(error.code)) {
      setFileError(error.message);
      setStep(1);
      return;
    }
    if (isApiError(error) && /FEE/.test(error.code)) {
      setFeeError(error.message);
      setStep(1);
      return;
    }
    void showErrorToast(error);
  };

  const check = async () => {
    setBusy(true);
    setRowErrors([]);
    setFileError(null);
    setFeeError(null);
    try {
      setEstimate(await estimateBatch(batchBody(draft, utxo)));
      setStep(2);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  const create = async () => {
    setBusy(true);
    try {
      const task = await createBatch(batchBody(draft, utxo));
      void client.invalidateQueries({ queryKey: TRANSFER_KEY });
      void client.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      toastSuccess(t('created', { number: task.task_number, count: task.recipient_count ?? 0 }));
      void navigate(`/task/${task.task_id}`);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="batch-wizard">
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <WizardProgress
          step={step}
          titles={titles}
          label={t('stepOf', { step: step + 1, count: KEYS.length, title: titles[step] })}
        />
        <div data-testid={`batch-step-${KEYS[step]}`}>
          {step === 0 ? (
            <StepWallet
              walletId={draft.walletId}
              eligible={(wallet) => BATCH_FAMILIES.has(family(wallet.chain_id) ?? '')}
              emptyText={t('noWallets')}
              onPick={(walletId) =>
                setDraft((value) => (value.walletId === walletId ? value : emptyBatchDraft(walletId)))
              }
              onNext={() => setStep(1)}
            />
          ) : step === 1 ? (
            <BatchRecipientsStep
              draft={draft}
              utxo={utxo}
              rowErrors={rowErrors}
              fileError={fileError}
              feeError={feeError}
              checking={busy}
              onChange={change}
              onEdit={(row, column, value) =>
                setDraft((current) => ({
                  ...current,
                  edited: true,
                  rows: current.rows.map((line) => (line.row === row ? { ...line, [column]: value } : line)),
                }))
              }
              onBack={() => setStep(0)}
              onCheck={() => void check()}
            />
          ) : estimate ? (
            <BatchReview
              walletName={walletInfo.data?.name ?? ''}
              estimate={estimate}
              remark={draft.remark.trim()}
              creating={busy}
              onBack={() => setStep(1)}
              onCreate={() => void create()}
            />
          ) : null}
        </div>
      </Card>
      <LimitModal limit={limit} onClose={() => setLimit(null)} />
    </div>
  );
}
