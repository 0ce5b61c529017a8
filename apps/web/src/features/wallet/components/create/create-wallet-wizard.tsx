import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Grid, Progress, Result, Steps, Typography } from 'antd';
import { isPrivileged, useOrganizationBaseInfo } from '@/features/organization';
import { useSelectedSpaceId } from '@/lib/space';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { useCreateMultiWallet } from '../../api/create-multi-wallet';
import { useWalletBaseInfo } from '../../api/get-wallet-base-info';
import { useImportSingleWallet } from '../../api/import-single-wallet';
import { SIGN_TYPE } from '../../wallet-status';
import { isWeightedFamily } from '../../api/account-setup';
import { emptyDraft, type WalletDraft } from './draft';
import { showErrorToast } from '@/lib/notify';
import { recoveryRefusal } from './recovery-errors';
import type { RecoveryErrors } from './recovery-key-section';
import { useChainFamily, useChains } from '../../api/list-chains';
import { StepBaseInfo } from './step-base-info';
import { StepBtcSuccess } from './step-btc-success';
import { StepDeploy } from './step-deploy';
import { StepReview } from './step-review';
import { StepRoles } from './step-roles';
import { StepSigners } from './step-signers';
import { StepSignersWeighted } from './step-signers-weighted';
import { StepTronSetup } from './step-tron-setup';
import { StepXrpSetup } from './step-xrp-setup';
import { SolCreateCard } from './sol-create-card';
import { StepType } from './step-type';
import { StepVerifySingle } from './step-verify-single';

type StepKey = 'type' | 'base' | 'signers' | 'roles' | 'review' | 'finish';

const STEPS: Record<WalletDraft['kind'], StepKey[]> = {
  multi: ['type', 'base', 'signers', 'roles', 'review', 'finish'],
  single: ['type', 'base', 'review', 'finish'],
};

/**
 * The wallet-create wizard (§4: starts at choose-wallet-type; step, prev, next, clear). Once the
 * wallet exists its id is in the address (?wallet_id=), so a reload resumes the deploy or
 * verification step.
 */
export function CreateWalletWizard() {
  const { t } = useTranslation('wallets');
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const createdId = Number(params.get('wallet_id') ?? 0);
  const created = useWalletBaseInfo(createdId);
  const [draft, setDraft] = useState<WalletDraft>(emptyDraft);
  const [step, setStep] = useState(0);
  // The server's refusal of the recovery key, shown on its field back on the signers step.
  const [recoveryErrors, setRecoveryErrors] = useState<RecoveryErrors>({});
  const chains = useChains();
  const family = chains.data?.list.find((chain) => chain.chain_id === draft.chain_key)?.family;
  const bitcoin = family === 'BTC';
  // Tron and XRP: an existing account handed to weighted keys, set up step by step once created.
  const weighted = isWeightedFamily(family) ? family : null;
  const createdFamily = useChainFamily(created.data?.chain_id);
  const createMulti = useCreateMultiWallet(bitcoin);
  const importSingle = useImportSingleWallet();
  const space = useOrganizationBaseInfo(useSelectedSpaceId());

  const kind: WalletDraft['kind'] =
    createdId && created.data
      ? created.data.sign_type === SIGN_TYPE.single
        ? 'single'
        : 'multi'
      : draft.kind;
  const keys = STEPS[kind];
  const index = createdId ? keys.length - 1 : step;
  const key = keys[index]!;
  const next = (patch: Partial<WalletDraft>) => {
    setRecoveryErrors({});
    // Signers of another chain family do not carry over to a new chain.
    setDraft((value) =>
      patch.chain_key && patch.chain_key !== value.chain_key
        ? { ...value, ...patch, signers: [], weights: [], recovery: null }
        : { ...value, ...patch },
    );
    setStep((value) => value + 1);
  };
  const back = () => setStep((value) => Math.max(0, value - 1));

  const create = async () => {
    const wallet =
      draft.kind === 'single'
        ? await importSingle.mutateAsync({
            name: draft.name,
            chain_key: draft.chain_key,
            address: draft.address,
            remark: draft.remark,
            family_address_type: draft.family_address_type,
          })
        : await createMulti.mutateAsync({
            name: draft.name,
            remark: draft.remark,
            chain_key: draft.chain_key,
            signers: draft.signers,
            threshold: draft.threshold,
            approvers: draft.approvers,
            approval_threshold: draft.approval_threshold,
            operators: draft.operators,
            viewers: draft.viewers,
            risk_control_users: draft.risk_control_users,
            broadcasters: [],
            broadcast_scope: draft.broadcast_scope,
            family_address_type: draft.family_address_type,
            ...(draft.recovery ? { recovery: draft.recovery } : {}),
            ...(weighted ? { weights: draft.weights, account_address: draft.account_address } : {}),
          });
    setParams({ wallet_id: String(wallet.wallet_id) }, { replace: true });
  };
  const createOrPlaceError = () =>
    void create().catch((error: unknown) => {
      // An import's refusal was toasted by its mutation; the multisig create's is said here.
      if (draft.kind === 'single') return;
      const refusal = draft.recovery ? recoveryRefusal(error, t) : null;
      if (!refusal) return void showErrorToast(error);
      setRecoveryErrors({ [refusal.field]: refusal.message });
      setStep(keys.indexOf('signers'));
    });

  // Creating is for admins; a signer may still open a created wallet's deploy step.
  if (!createdId && space.data && !isPrivileged(space.data))
    return (
      <div data-testid="create-wallet">
        <Result status="info" title={t('create.adminOnly')} subTitle={t('create.adminOnlyHint')} />
      </div>
    );

  const createdBitcoin = Boolean(created.data?.descriptor) || (!createdId && bitcoin);
  const setupFamily = createdId ? createdFamily : family;
  const finishTitle =
    kind === 'single'
      ? 'verify'
      : createdBitcoin
        ? 'btcSuccess'
        : setupFamily === 'TRX'
          ? 'tronTopUp'
          : setupFamily === 'XRP'
            ? 'xrpSetup'
            : setupFamily === 'SOL'
              ? 'solCreate'
              : 'deploy';
  const titles = keys.map((item) => t(`create.steps.${item === 'finish' ? finishTitle : item}`));
  return (
    <div data-testid="create-wallet">
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <Card>
        {screens.md ? (
          <Steps
            current={index}
            size="small"
            items={titles.map((title) => ({ title }))}
            style={{ marginBottom: 24 }}
          />
        ) : (
          <div style={{ marginBottom: 16 }}>
            <Typography.Text strong>
              {t('create.stepOf', { step: index + 1, count: keys.length, title: titles[index] })}
            </Typography.Text>
            <Progress percent={Math.round(((index + 1) / keys.length) * 100)} showInfo={false} size="small" />
          </div>
        )}
        <div data-testid={`wizard-step-${key}`}>
          {key === 'type' ? (
            <StepType
              onChoose={(value) => {
                setDraft((current) => ({ ...current, kind: value }));
                setStep(1);
              }}
            />
          ) : key === 'base' ? (
            <StepBaseInfo draft={draft} onBack={back} onNext={next} />
          ) : key === 'signers' && weighted ? (
            <StepSignersWeighted family={weighted} draft={draft} onBack={back} onNext={next} />
          ) : key === 'signers' ? (
            <StepSigners draft={draft} onBack={back} onNext={next} recoveryErrors={recoveryErrors} />
          ) : key === 'roles' ? (
            <StepRoles draft={draft} onBack={back} onNext={next} />
          ) : key === 'review' ? (
            <StepReview
              draft={draft}
              onBack={back}
              onCreate={createOrPlaceError}
              creating={createMulti.isPending || importSingle.isPending}
            />
          ) : kind === 'single' ? (
            <StepVerifySingle walletId={createdId} />
          ) : created.data?.descriptor ? (
            <StepBtcSuccess walletId={createdId} />
          ) : chains.isError ? (
            <QueryError error={chains.error} onRetry={() => chains.refetch()} retrying={chains.isFetching} />
          ) : !chains.data || !created.data ? (
            <Card loading />
          ) : createdFamily === 'TRX' ? (
            <StepTronSetup walletId={createdId} />
          ) : createdFamily === 'XRP' ? (
            <StepXrpSetup walletId={createdId} />
          ) : createdFamily === 'SOL' ? (
            <SolCreateCard walletId={createdId} inWizard />
          ) : (
            <StepDeploy walletId={createdId} />
          )}
        </div>
      </Card>
    </div>
  );
}
