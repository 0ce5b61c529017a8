import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '@/components/ui/page-header';
import { LimitModal, type LimitInfo } from '@/features/organization';
import { useChains, useWalletAssets, useWalletBaseInfo, WALLET_QUERY_KEY } from '@/features/wallet';
import { isApiError } from '@/lib/api-client';
import { saveListPosition } from '@/lib/list-position';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { createPreSign } from '../../api/create-pre-sign';
import { estimatePreSign, type PreSignEstimate } from '../../api/pre-sign-estimate';
import { TRANSFER_KEY } from '../../api/transfer-queries';
import { StepWallet } from '../wizard/step-wallet';
import { emptyPreSignDraft, preSignBody, type PreSignDraft } from './pre-sign-draft';
import { PreSignItemsStep } from './pre-sign-items-step';
import { PreSignReview } from './pre-sign-review';
import { WizardProgress } from '@/components/ui/wizard-progress';

const KEYS = ['wallet', 'items', 'review'] as const;

/**
 * §4 pre-signed transfers (EVM Safe wallets): choose the wallet → up to 10 transfers, each with
 * its name and fee tier → "Check" shows the nonce and fee of each → create, then the transfer
 * list's pre-signed tab.
 */
export function PreSignWizard() {
  const { t } = useLazyTranslation('preSign');
  const navigate = useNavigate();
  const client = useQueryClient();
  const spaceId = useSelectedSpaceId();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<PreSignDraft>(() =>
    emptyPreSignDraft(Number(params.get('wallet_id') ?? 0)),
  );
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [estimate, setEstimate] = useState<PreSignEstimate | null>(null);
  const [limit, setLimit] = useState<LimitInfo | null>(null);
  const chains = useChains();
  const walletInfo = useWalletBaseInfo(draft.walletId);
  const assets = useWalletAssets(draft.walletId);
  const family = (chainId: string) => chains.data?.list.find((chain) => chain.chain_id === chainId)?.family;
  const symbolOf = (token: string | null) =>
    assets.data?.detail.find((line) => line.contract_address === token)?.symbol ?? '';
  const titles = KEYS.map((key) => t(`steps.${key}`));

  const refused = (error: unknown) => {
    if (isApiError(error, 'VIP_PLAN_LIMIT_EXCEEDED_ERROR')) {
      setLimit({ code: 'VIP_PLAN_LIMIT_EXCEEDED_ERROR' });
      return;
    }
    setStep(1);
    if (isApiError(error, 'TASK_PRESIGN_MAX_ERROR')) {
      const max = (error.data as { max?: number } | null)?.max ?? 10;
      setServerError(t('errors.max', { max }));
      return;
    }
    if (isApiError(error, 'FEATURE_NOT_SUPPORTED_ERROR')) {
      setServerError(t('errors.evmOnly'));
      return;
    }
    if (isApiError(error)) {
      setServerError(error.message);
      return;
    }
    void showErrorToast(error);
  };

  const check = async () => {
    setBusy(true);
    setServerError(null);
    try {
      setEstimate(await estimatePreSign(preSignBody(draft)));
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
      const created = await createPreSign(preSignBody(draft));
      void client.invalidateQueries({ queryKey: TRANSFER_KEY });
      void client.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      toastSuccess(t('created', { count: created.list.length }));
      // The list opens on its pre-signed tab (the list keeps its position per space and path).
      saveListPosition({
        from: 'preSigned',
        location: '/transfer',
        page: 1,
        pageSize: 10,
        params: {},
        organizationId: spaceId,
      });
      void navigate('/transfer');
    } catch (error) {
      refused(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="pre-sign-wizard">
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <WizardProgress
          step={step}
          titles={titles}
          label={t('stepOf', { step: step + 1, count: KEYS.length, title: titles[step] })}
        />
        <div data-testid={`pre-sign-step-${KEYS[step]}`}>
          {step === 0 ? (
            <StepWallet
              walletId={draft.walletId}
              eligible={(wallet) => family(wallet.chain_id) === 'EVM'}
              emptyText={t('noWallets')}
              onPick={(walletId) =>
                setDraft((value) => (value.walletId === walletId ? value : emptyPreSignDraft(walletId)))
              }
              onNext={() => setStep(1)}
            />
          ) : step === 1 ? (
            <PreSignItemsStep
              draft={draft}
              serverError={serverError}
              checking={busy}
              onChange={(patch) => {
                setDraft((value) => ({ ...value, ...patch }));
                setServerError(null);
              }}
              onBack={() => setStep(0)}
              onCheck={() => void check()}
            />
          ) : estimate ? (
            <PreSignReview
              walletName={walletInfo.data?.name ?? ''}
              estimate={estimate}
              items={draft.items}
              symbolOf={symbolOf}
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
