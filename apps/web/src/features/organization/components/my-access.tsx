import { Card, Space, Tag, Typography } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useMemberSession } from '../api/member-enter';

const ROLE_ORDER = ['operator', 'approver', 'signer', 'broadcaster', 'viewer', 'risk_control'];

/**
 * The current space as the member entered it (POST /organization/member/enter): the space role and,
 * per wallet role, on how many wallets the member holds it — what they can do here at a glance.
 */
export function MyAccess({ organizationId, name }: { organizationId: number; name: string }) {
  const { t } = useLazyTranslation('spaces');
  const session = useMemberSession(organizationId);
  if (session.isError)
    return (
      <div style={{ marginBottom: 16 }}>
        <QueryError
          title={t('access.error')}
          error={session.error}
          onRetry={() => session.refetch()}
          retrying={session.isFetching}
          testId="my-access-error"
        />
      </div>
    );
  if (!session.data) return null;
  const counts = new Map<string, number>();
  for (const wallet of session.data.permissions)
    for (const role of wallet.roles) counts.set(role, (counts.get(role) ?? 0) + 1);
  const roles = ROLE_ORDER.filter((role) => counts.has(role));
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="my-access">
      <Space wrap size={[8, 4]}>
        <Typography.Text strong>{t('access.title', { name })}</Typography.Text>
        <Tag color="blue">{t(`roles.${session.data.role}`, { defaultValue: String(session.data.role) })}</Tag>
        {roles.length ? (
          roles.map((role) => (
            <Tag key={role} data-testid={`my-access-${role}`}>
              {t('access.onWallets', { role: t(`access.roles.${role}`), count: counts.get(role) })}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">{t('access.none')}</Typography.Text>
        )}
      </Space>
    </Card>
  );
}
