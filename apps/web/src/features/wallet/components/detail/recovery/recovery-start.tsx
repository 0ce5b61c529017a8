import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Descriptions, Radio, Select, Space, Typography } from 'antd';
import { SIGNER_STATUS, useSignerAddresses } from '@/features/permission-address';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useAvailableUsers } from '../../../api/available-users';
import type { RecoveryInfo } from '../../../api/get-recovery';
import { queueRecoveryTx, type RecoveryTx } from '../../../api/queue-recovery';
import { newOwnerChoices, sameAddress } from '../../../recovery-state';
import { MONO } from '../../wallet-bits';
import { FullAddress, chainDate, useDelayText, useDescriptionsLayout } from './recovery-bits';
import { RecoverySend } from './recovery-send';

interface Choice {
  address: string;
  label: string;
}

/**
 * The new owner's choices: the recoverer's own verified EVM addresses; an admin queuing for a
 * backup address picks among the members' verified addresses on the chain. Owners are left out.
 */
function useNewOwnerChoices(info: RecoveryInfo, chainKey: string | undefined) {
  const own = useSignerAddresses();
  const backup = !info.you.is_recoverer;
  const members = useAvailableUsers(chainKey ?? '', backup && Boolean(chainKey));
  const list: Choice[] = backup
    ? (members.data?.list ?? []).flatMap((member) =>
        member.signer_keys.map((key) => ({
          address: key.address,
          label: `${member.nickname || member.email} · ${key.name}`,
        })),
      )
    : (own.data?.list ?? [])
        .filter((item) => item.family === 'EVM' && item.status === SIGNER_STATUS.verified)
        .map((item) => ({ address: item.address, label: item.name }));
  const source = backup ? members : own;
  return {
    choices: newOwnerChoices(list, info.owners),
    loading: source.isPending,
    error: source.isError,
    retry: () => void source.refetch(),
  };
}

/**
 * The recoverer starts a recovery: which owner is lost, which of their verified addresses takes
 * its place; a review of exactly what is queued (replace X by Y, runs after the delay, the module
 * and the transaction); then their own wallet sends it and the tab reads the chain.
 */
export function RecoveryStart({ info, chainKey }: { info: RecoveryInfo; chainKey?: string }) {
  const { t } = useLazyTranslation('recovery');
  const delayText = useDelayText();
  const layout = useDescriptionsLayout();
  const [lost, setLost] = useState<string | undefined>();
  const [next, setNext] = useState<string | undefined>();
  const [tx, setTx] = useState<RecoveryTx | null>(null);
  const [preparing, setPreparing] = useState(false);
  const { choices, loading, error, retry } = useNewOwnerChoices(info, chainKey);
  const delay = info.cooldown_hours !== null ? delayText(info.cooldown_hours) : '—';

  const review = async () => {
    if (!lost || !next) return;
    setPreparing(true);
    try {
      setTx(await queueRecoveryTx({ wallet_id: info.wallet_id, lost_owner: lost, new_owner: next }));
    } catch (failure) {
      void showErrorToast(failure);
    } finally {
      setPreparing(false);
    }
  };

  if (tx && lost && next)
    return (
      <Card size="small" title={t('start.reviewTitle')} data-testid="recovery-review">
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="recovery-review-what"
          message={t('start.what', { lost, next })}
          description={t('start.whatHint', { delay })}
        />
        <Descriptions column={1} size="small" bordered layout={layout} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('start.lost')}>
            <FullAddress address={lost} testId="recovery-review-lost" />
          </Descriptions.Item>
          <Descriptions.Item label={t('start.new')}>
            <FullAddress address={next} testId="recovery-review-new" />
          </Descriptions.Item>
          <Descriptions.Item label={t('start.runsAfter')}>
            <span data-testid="recovery-review-delay">{t('start.runsAfterText', { delay })}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.expiry')}>
            {info.expiration_hours
              ? t('fields.expiresAfter', { delay: delayText(info.expiration_hours) })
              : t('fields.noExpiry')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.module')}>
            {info.delay_address ? <FullAddress address={info.delay_address} /> : '—'}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph strong style={{ marginBottom: 8 }}>
          {t('start.txTitle')}
        </Typography.Paragraph>
        <RecoverySend
          walletId={info.wallet_id}
          tx={tx}
          expected={tx.from ? [tx.from] : undefined}
          sendLabel={t('start.send')}
          testId="recovery-queue"
          settled={(after) =>
            after.queued.some((q) => sameAddress(q.lost_owner, lost) && sameAddress(q.new_owner, next))
          }
          onDone={(after) => {
            const queued = after.queued.find((q) => sameAddress(q.new_owner, next));
            toastSuccess(t('start.queued', { date: queued ? chainDate(queued.executable_at) : delay }));
          }}
        />
        <Button style={{ marginTop: 12 }} onClick={() => setTx(null)} data-testid="recovery-review-back">
          {t('start.back')}
        </Button>
      </Card>
    );

  return (
    <Card size="small" title={t('start.title')} data-testid="recovery-start">
      <Typography.Paragraph type="secondary">{t('start.intro', { delay })}</Typography.Paragraph>
      <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
        {t('start.lost')}
      </Typography.Text>
      <Radio.Group
        value={lost}
        onChange={(event) => setLost(event.target.value as string)}
        style={{ display: 'flex', flexDirection: 'column', gap: 6, marginBottom: 16 }}
        data-testid="recovery-lost"
      >
        {info.owners.map((owner) => (
          <Radio key={owner} value={owner} data-testid="recovery-lost-option" data-address={owner}>
            <span style={{ ...MONO, wordBreak: 'break-all' }}>{owner}</span>
          </Radio>
        ))}
      </Radio.Group>
      <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
        {t('start.new')}
      </Typography.Text>
      {error ? (
        <Alert
          type="error"
          showIcon
          message={t('start.addressesError')}
          action={
            <Button size="small" onClick={retry}>
              {t('retry')}
            </Button>
          }
        />
      ) : !loading && choices.length === 0 ? (
        <Alert
          type="info"
          showIcon
          data-testid="recovery-no-new-owner"
          message={t('start.noAddress')}
          description={<Link to="/permission-address">{t('start.goVerify')}</Link>}
        />
      ) : (
        <Select
          value={next}
          onChange={setNext}
          loading={loading}
          placeholder={t('start.newPlaceholder')}
          style={{ width: '100%', maxWidth: 560 }}
          virtual={false}
          data-testid="recovery-new"
          options={choices.map((choice) => ({
            value: choice.address,
            label: (
              <span data-testid="recovery-new-option" data-address={choice.address}>
                {choice.label}{' '}
                <span style={MONO}>
                  {choice.address.slice(0, 8)}…{choice.address.slice(-6)}
                </span>
              </span>
            ),
          }))}
        />
      )}
      <Space style={{ marginTop: 16 }} wrap>
        <Button
          type="primary"
          disabled={!lost || !next}
          loading={preparing}
          onClick={() => void review()}
          data-testid="recovery-review-open"
        >
          {t('start.review')}
        </Button>
      </Space>
    </Card>
  );
}
