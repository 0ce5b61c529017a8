import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAMILY_KEY, isWeightedFamily } from '../../api/account-setup';
import { useChains } from '../../api/list-chains';
import { useSignUsers } from '../../api/list-sign-users';
import { useSelectedSpaceId } from '@/lib/space';
import { MONO } from '../wallet-bits';
import type { WalletDraft } from './draft';
import { useJoinedMembers } from './people-select';
import { FamilyTypeTag } from '../family-type';
import { StepActions } from './step-actions';
import { useApproxDelay } from './recovery-key-section';

/** Step 5: everything at a glance before the wallet is created. */
export function StepReview(props: {
  draft: WalletDraft;
  onBack: () => void;
  onCreate: () => void;
  creating: boolean;
}) {
  const { t } = useTranslation('wallets');
  const { draft } = props;
  const chains = useChains();
  const signUsers = useSignUsers(useSelectedSpaceId());
  const people = useJoinedMembers();
  const chain = chains.data?.list.find((item) => item.chain_id === draft.chain_key);
  // Tron and XRP: weights, a threshold that is a weight, and the account handed over.
  const family = chain?.family;
  const weighted = isWeightedFamily(family) ? family : null;
  const approx = useApproxDelay(draft.chain_key);
  const totalWeight = draft.weights.reduce((sum, weight) => sum + weight, 0);
  const names = (ids: number[]) =>
    ids.length
      ? ids.map((id) => <Tag key={id}>{people.find((person) => person.value === id)?.label ?? `#${id}`}</Tag>)
      : '—';
  return (
    <div style={{ maxWidth: 760 }}>
      <Descriptions bordered column={1} size="small" style={{ marginBottom: 16 }} data-testid="wallet-review">
        <Descriptions.Item label={t('fields.type')}>{t(`create.type.${draft.kind}.title`)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.name')}>{draft.name}</Descriptions.Item>
        <Descriptions.Item label={t('fields.chain')}>{chain?.name ?? draft.chain_key}</Descriptions.Item>
        {draft.family_address_type ? (
          <Descriptions.Item label={t('familyType.label')}>
            <FamilyTypeTag type={draft.family_address_type} />
          </Descriptions.Item>
        ) : null}
        {draft.remark ? (
          <Descriptions.Item label={t('fields.remark')}>{draft.remark}</Descriptions.Item>
        ) : null}
        {draft.kind === 'single' ? (
          <Descriptions.Item label={t('fields.address')}>
            <span style={{ ...MONO, wordBreak: 'break-all' }}>{draft.address}</span>
          </Descriptions.Item>
        ) : (
          <>
            <Descriptions.Item label={t('fields.signers')}>
              {draft.signers.map((id, index) => {
                const signer = signUsers.data?.list.find((item) => item.id === id);
                return (
                  <div key={id}>
                    {signer?.name} · {signer?.nickname || signer?.email}{' '}
                    <span style={{ ...MONO, wordBreak: 'break-all', color: 'rgba(0,0,0,0.55)' }}>
                      {signer?.address}
                    </span>
                    {weighted ? (
                      <Tag style={{ marginInlineStart: 6 }}>
                        {t(`${FAMILY_KEY[weighted]}.weightTag`, { weight: draft.weights[index] ?? 1 })}
                      </Tag>
                    ) : null}
                  </div>
                );
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.threshold')}>
              {weighted
                ? t(`${FAMILY_KEY[weighted]}.thresholdWeight`, {
                    threshold: draft.threshold,
                    total: totalWeight,
                  })
                : t('thresholdOf', { threshold: draft.threshold, count: draft.signers.length })}
            </Descriptions.Item>
            {weighted ? (
              <Descriptions.Item label={t(`${FAMILY_KEY[weighted]}.create.account`)}>
                <span style={{ ...MONO, wordBreak: 'break-all' }} data-testid="review-account">
                  {draft.account_address}
                </span>
              </Descriptions.Item>
            ) : null}
            {draft.recovery ? (
              <Descriptions.Item label={t('create.recovery.title')}>
                <div data-testid="review-recovery">
                  <div style={{ ...MONO, wordBreak: 'break-all' }}>
                    [{draft.recovery.fingerprint}] {draft.recovery.path}
                  </div>
                  <div>
                    {t('create.recovery.reviewDelay', {
                      count: draft.recovery.blocks,
                      approx: approx(draft.recovery.blocks),
                    })}
                  </div>
                </div>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('fields.operators')}>{names(draft.operators)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.approvers')}>
              {names(draft.approvers)}
              {draft.approvers.length
                ? ` ${t('thresholdOf', { threshold: draft.approval_threshold, count: draft.approvers.length })}`
                : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.viewers')}>{names(draft.viewers)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.riskControlUsers')}>
              {names(draft.risk_control_users)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.broadcastScope')}>
              {t(`broadcastScope.${draft.broadcast_scope}`)}
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <StepActions
        onBack={props.onBack}
        onNext={props.onCreate}
        loading={props.creating}
        nextText={draft.kind === 'single' ? t('create.importSubmit') : t('create.createSubmit')}
        testId="wizard-create"
      />
    </div>
  );
}
