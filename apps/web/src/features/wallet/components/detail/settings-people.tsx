import { useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { RISK_CONTROL_USERS_MAX, VIEWERS_MAX } from '@keystead/contract/limits';
import { QueryError } from '@/components/ui/query-error';
import { toastSuccess } from '@/lib/notify';
import { useAvailableUsers } from '../../api/available-users';
import { setWalletPermissions, type WalletPermissions } from '../../api/set-wallet-permissions';
import type { WalletDetail } from '../../api/types';
import { useUpcomingTasks } from '../../api/upcoming-tasks';
import { useWalletMutation } from '../../api/update-wallet-settings';
import { PeopleSelect } from '../create/people-select';

const ids = (people: Array<{ user_id: number }>) => people.map((person) => person.user_id);
const same = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

type Lists = Required<Omit<WalletPermissions, 'approval_threshold'>>;

/**
 * Settings → People: every wallet role in one form, saved as one change (POST /wallets/multi-permission,
 * only the roles changed). Candidates are the members who can take a role on this chain, with how
 * many signer keys each holds there (GET /wallets/available-user). While transfers wait for
 * approval, approvers cannot change (GET /wallets/have-upcoming-task): said before, not after Save.
 */
export function SettingsPeople({ wallet }: { wallet: WalletDetail }) {
  const { t } = useTranslation('wallets');
  const available = useAvailableUsers(wallet.chain_id);
  const upcoming = useUpcomingTasks(wallet.wallet_id);
  const initial: Lists = {
    operators: ids(wallet.operators),
    approvers: ids(wallet.approvers),
    viewers: ids(wallet.viewers),
    risk_control_users: ids(wallet.risk_control_users),
    broadcasters: ids(wallet.broadcasters),
  };
  const [lists, setLists] = useState<Lists>(initial);
  const [threshold, setThreshold] = useState(wallet.approval_threshold);
  const save = useWalletMutation(wallet.wallet_id, (change: WalletPermissions) =>
    setWalletPermissions(wallet.wallet_id, change),
  );
  const pendingApproval = upcoming.data?.pending_approval ?? 0;
  const approversLocked = pendingApproval > 0;

  if (available.isError)
    return (
      <Card size="small" title={t('settings.people')}>
        <QueryError
          title={t('settings.peopleError')}
          error={available.error}
          onRetry={() => available.refetch()}
          retrying={available.isFetching}
          testId="settings-people-error"
        />
      </Card>
    );
  if (!available.data)
    return (
      <Card size="small" title={t('settings.people')}>
        <Skeleton active />
      </Card>
    );

  const options = available.data.list.map((person) => {
    const name = person.nickname ? `${person.nickname} (${person.email})` : person.email;
    const keys = person.signer_keys.length;
    return {
      value: person.user_id,
      label: keys ? `${name} · ${t('settings.keysOnChain', { count: keys })}` : name,
    };
  });
  const change: WalletPermissions = {};
  for (const key of Object.keys(lists) as Array<keyof Lists>)
    if (!same(lists[key], initial[key])) change[key] = lists[key];
  const approvalsChanged = change.approvers !== undefined || threshold !== wallet.approval_threshold;
  if (approvalsChanged) {
    change.approvers = lists.approvers;
    change.approval_threshold = lists.approvers.length ? threshold : 0;
  }
  const invalid =
    lists.operators.length < 1 ||
    lists.viewers.length > VIEWERS_MAX ||
    lists.risk_control_users.length > RISK_CONTROL_USERS_MAX ||
    (lists.approvers.length > 0 && (threshold < 1 || threshold > lists.approvers.length));
  const set = (key: keyof Lists) => (value: number[]) => setLists((old) => ({ ...old, [key]: value }));
  const field = (key: keyof Lists, label: string, extra?: string, max?: number) => (
    <Form.Item label={label} extra={extra} htmlFor={`settings-${key}`}>
      <PeopleSelect
        id={`settings-${key}`}
        value={lists[key]}
        onChange={set(key)}
        options={options}
        max={max}
      />
    </Form.Item>
  );

  return (
    <Card size="small" title={t('settings.people')} data-testid="settings-people">
      {upcoming.isError ? (
        <div style={{ marginBottom: 12 }}>
          <QueryError
            title={t('settings.upcomingError')}
            error={upcoming.error}
            onRetry={() => upcoming.refetch()}
            retrying={upcoming.isFetching}
            testId="settings-upcoming-error"
          />
        </div>
      ) : approversLocked ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('settings.approversLocked', { count: pendingApproval })}
          data-testid="settings-approvers-locked"
        />
      ) : null}
      <Form layout="vertical">
        {field('operators', t('fields.operators'), t('validation.operatorRequired'))}
        <Form.Item
          label={t('fields.approvers')}
          extra={t('settings.approversHint')}
          htmlFor="settings-approvers"
        >
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            <div
              style={{
                flex: '1 1 260px',
                minWidth: 0,
                ...(approversLocked || upcoming.isError ? { pointerEvents: 'none', opacity: 0.6 } : {}),
              }}
            >
              <PeopleSelect
                id="settings-approvers"
                value={lists.approvers}
                onChange={(value) => {
                  set('approvers')(value);
                  if (threshold > value.length) setThreshold(value.length);
                  if (value.length && threshold < 1) setThreshold(1);
                }}
                options={options}
              />
            </div>
            <InputNumber
              aria-label={t('fields.approvalThreshold')}
              min={lists.approvers.length ? 1 : 0}
              max={lists.approvers.length}
              value={threshold}
              disabled={!lists.approvers.length || approversLocked}
              onChange={(value) => setThreshold(Number(value ?? 0))}
              addonAfter={t('create.roles.ofApprovers', { count: lists.approvers.length })}
              style={{ width: 150 }}
            />
          </div>
        </Form.Item>
        {field('viewers', t('fields.viewers'), t('settings.atMost', { max: VIEWERS_MAX }), VIEWERS_MAX)}
        {field(
          'risk_control_users',
          t('fields.riskControlUsers'),
          t('settings.atMost', { max: RISK_CONTROL_USERS_MAX }),
          RISK_CONTROL_USERS_MAX,
        )}
        {field('broadcasters', t('fields.broadcasters'), t('settings.broadcastersHint'))}
        <Space>
          <Button
            type="primary"
            disabled={invalid || Object.keys(change).length === 0 || (approvalsChanged && approversLocked)}
            loading={save.isPending}
            onClick={() => save.mutate(change, { onSuccess: () => toastSuccess(t('settings.saved')) })}
            data-testid="settings-people-save"
          >
            {t('settings.savePeople')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
