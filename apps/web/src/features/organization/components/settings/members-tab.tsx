import { useState } from 'react';
import { Button, Grid, Input, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useStoredUser } from '@/lib/session';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useMembers, type MemberQuery } from '../../api/list-members';
import type { Member, MemberStatus, Space } from '../../api/types';
import { InviteModal } from './invite-modal';
import { MemberActions } from './member-actions';
import { MemberRisk } from './member-risk';
import { memberPermissions } from './member-rules';

const STATUS_COLOR: Record<MemberStatus, string> = {
  joined: 'green',
  pending: 'blue',
  expired: 'default',
  blocked: 'red',
};
const STATUSES: MemberStatus[] = ['joined', 'pending', 'expired', 'blocked'];

/** Members and invitations, paged 1/10, with status tags, risk tags and per-row actions (§3, §6). */
export function MembersTab({ space }: { space: Space }) {
  const { t } = useLazyTranslation('spaces');
  const me = useStoredUser();
  const wide = Grid.useBreakpoint().md ?? true;
  const [query, setQuery] = useState<MemberQuery>({ page: 1, page_size: 10 });
  const [inviting, setInviting] = useState(false);
  const members = useMembers(space.organization_id, query);
  const actor = { role: space.role, userId: me?.user_id ?? null };
  const date = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : t('common:dash'));

  return (
    <div data-testid="members-tab">
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('members.search')}
          style={{ flex: '1 1 220px', maxWidth: 320 }}
          onSearch={(keyword) =>
            setQuery((old) => ({ ...old, page: 1, keyword: keyword.trim() || undefined }))
          }
        />
        <Select<MemberStatus | ''>
          value={query.status ?? ''}
          style={{ width: 160 }}
          onChange={(status) => setQuery((old) => ({ ...old, page: 1, status: status || undefined }))}
          options={[
            { value: '', label: t('members.allStatuses') },
            ...STATUSES.map((status) => ({ value: status, label: t(`members.statuses.${status}`) })),
          ]}
          data-testid="member-status-filter"
        />
        <div style={{ flex: 1 }} />
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          onClick={() => setInviting(true)}
          data-testid="invite-open"
        >
          {t('members.invite')}
        </Button>
      </div>
      <Table<Member>
        rowKey="member_id"
        size="middle"
        loading={members.isFetching}
        dataSource={members.data?.list ?? []}
        scroll={{ x: 980 }}
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: members.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('members.total', { count: total }),
          onChange: (page) => setQuery((old) => ({ ...old, page })),
        }}
        columns={[
          {
            title: t('members.member'),
            key: 'member',
            width: 240,
            render: (_value, member) => (
              <div style={{ minWidth: 0 }}>
                <div style={{ fontWeight: 500 }}>
                  {member.nickname ?? t('common:dash')}{' '}
                  {member.user_id !== null && member.user_id === me?.user_id ? (
                    <Tag>{t('members.you')}</Tag>
                  ) : null}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {member.email}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('members.role'),
            dataIndex: 'role',
            width: 100,
            render: (role: number) => t(`roles.${role}`),
          },
          {
            title: t('members.status'),
            dataIndex: 'status',
            width: 100,
            render: (status: MemberStatus) => (
              <Tag color={STATUS_COLOR[status]} data-testid="member-status">
                {t(`members.statuses.${status}`)}
              </Tag>
            ),
          },
          {
            title: t('members.risk'),
            key: 'risk',
            width: 180,
            render: (_value, member) => (
              <>
                {member.risk_tags.length === 0
                  ? t('common:dash')
                  : member.risk_tags.map((tag) => (
                      <Tooltip key={tag} title={t(`members.riskTips.${tag}`)}>
                        <Tag color="orange" data-testid="risk-tag">
                          {t(`members.riskTags.${tag}`)}
                        </Tag>
                      </Tooltip>
                    ))}
                <div>
                  <MemberRisk organizationId={space.organization_id} member={member} />
                </div>
              </>
            ),
          },
          {
            title: t('members.permissions'),
            dataIndex: 'permissions',
            width: 150,
            render: (permissions: Member['permissions']) =>
              permissions.length === 0 ? (
                <Tooltip title={t('members.noWalletsTip')}>
                  <Typography.Text type="secondary">{t('members.noWallets')}</Typography.Text>
                </Tooltip>
              ) : (
                permissions.map((entry) => (
                  <div key={entry.wallet_id}>
                    {entry.wallet_name}: {entry.permissions.join(', ')}
                  </div>
                ))
              ),
          },
          {
            title: t('members.joined'),
            key: 'time',
            width: 150,
            render: (_value, member) => date(member.join_time ?? member.invited_at),
          },
          {
            title: t('members.actions'),
            key: 'actions',
            width: 180,
            // On a phone a fixed column would hide the member: the table scrolls instead.
            fixed: wide ? 'right' : undefined,
            render: (_value, member) => (
              <MemberActions
                organizationId={space.organization_id}
                member={member}
                allowed={memberPermissions(actor, member)}
              />
            ),
          },
        ]}
      />
      <InviteModal space={space} open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}
