import { Typography } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useBroadcastUsers } from '../../api/broadcast-users';

/**
 * Who may broadcast this wallet's transfers (GET /wallets/broadcast-user), so a transfer waiting
 * for its broadcast names the people it waits for; "you" when the viewer is one of them.
 */
export function BroadcastPeople(props: { walletId: number; userId: number | undefined; allowed: boolean }) {
  const { t } = useLazyTranslation('transfer');
  const users = useBroadcastUsers(props.walletId, true);
  if (users.isError)
    return (
      <QueryError
        title={t('broadcast.peopleError')}
        error={users.error}
        onRetry={() => users.refetch()}
        retrying={users.isFetching}
        testId="broadcast-people-error"
      />
    );
  if (!users.data) return null;
  const names = users.data.list.map((person) =>
    person.user_id === props.userId
      ? t('broadcast.you', { name: person.nickname || person.email })
      : person.nickname || person.email,
  );
  return (
    <Typography.Paragraph data-testid="broadcast-people" style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">
        {t(`broadcast.scope.${users.data.broadcast_scope}`, { defaultValue: '' })}{' '}
      </Typography.Text>
      {names.length ? (
        <>
          {props.allowed ? t('broadcast.whoMay') : t('broadcast.waitingFor')}{' '}
          <Typography.Text strong>{names.join(', ')}</Typography.Text>
        </>
      ) : (
        <Typography.Text type="warning">{t('broadcast.nobody')}</Typography.Text>
      )}
    </Typography.Paragraph>
  );
}
