import { Avatar, Button, Card, Space as Stack, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { Space } from '../api/types';
import { isPrivileged } from '../space-roles';

const NOTICE_COLOR = { unexpired: 'green', about_to_expire: 'orange', expired: 'red' } as const;

/** One space on /organization: name, edition, role, members, wallets, plan and its expiry state. */
export function SpaceCard({
  space,
  current,
  lastEntered,
  entering,
  onEnter,
  onEdit,
  onSettings,
}: {
  space: Space;
  current: boolean;
  lastEntered: boolean;
  entering: boolean;
  onEnter: () => void;
  onEdit: () => void;
  onSettings: () => void;
}) {
  const { t } = useLazyTranslation('spaces');
  const privileged = isPrivileged(space);
  const expiry = space.vip_data.vip_expired_time;
  const stat = (label: string, value: React.ReactNode) => (
    <div style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {label}
      </Typography.Text>
      <span style={{ fontWeight: 500 }}>{value}</span>
    </div>
  );
  return (
    <Card
      data-testid="space-card"
      data-space-id={space.organization_id}
      style={current ? { borderColor: '#1f4fd1' } : undefined}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 16 } }}
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start', minWidth: 0 }}>
        <Avatar
          shape="square"
          size={44}
          src={space.logo_url || undefined}
          icon={<TeamOutlined />}
          style={{ background: '#1f4fd1', flex: 'none' }}
        />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={5} ellipsis={{ tooltip: space.name }} style={{ margin: 0 }}>
            {space.name}
          </Typography.Title>
          <Stack size={4} wrap style={{ marginTop: 4 }}>
            <Tag color={space.edition === 'experience' ? 'purple' : 'blue'} bordered={false}>
              {t(`edition.${space.edition}`)}
            </Tag>
            <Tag bordered={false}>{t(`kind.${space.kind}`)}</Tag>
            {current ? <Tag color="success">{t('list.current')}</Tag> : null}
            {!current && lastEntered ? <Tag>{t('list.lastEntered')}</Tag> : null}
          </Stack>
        </div>
        {privileged ? (
          <Stack size={0}>
            <Tooltip title={t('list.edit')}>
              <Button type="text" icon={<EditOutlined />} aria-label={t('list.edit')} onClick={onEdit} />
            </Tooltip>
            <Tooltip title={t('list.settings')}>
              <Button
                type="text"
                icon={<SettingOutlined />}
                aria-label={t('list.settings')}
                onClick={onSettings}
              />
            </Tooltip>
          </Stack>
        ) : null}
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 8 }}>
        {stat(t('list.role'), t(`roles.${space.role}`))}
        {stat(t('list.members'), space.member_count)}
        {stat(t('list.wallets'), space.wallet_count)}
      </div>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 8,
          flexWrap: 'wrap',
        }}
      >
        <Stack size={4} wrap>
          <Tag color="gold" bordered={false}>
            {t(`plans.${space.vip_category}`)}
          </Tag>
          <Tag color={NOTICE_COLOR[space.vip_notice]} bordered={false} data-testid="space-plan-state">
            {t(`notice.${space.vip_notice}`)}
          </Tag>
        </Stack>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {expiry ? t('list.expires', { date: dayjs(expiry).format('YYYY-MM-DD') }) : t('list.noExpiry')}
        </Typography.Text>
      </div>
      <Button
        type={current ? 'default' : 'primary'}
        block
        loading={entering}
        onClick={onEnter}
        data-testid="space-enter"
      >
        {t('list.enter')}
      </Button>
    </Card>
  );
}
