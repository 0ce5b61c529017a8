import { Button, Card, Modal, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '@/lib/notify';
import { useForceLogout } from '../api/force-logout';
import { useLoginHistory, type LoginHistoryItem } from '../api/login-history';

/** §9: login history shows the last 10 log-ins. */
const LAST = 10;

/** Login history: time, device, IP, location (or —), with log-out of other sessions. */
export function LoginHistoryTab() {
  const { t } = useTranslation('account');
  const [modal, modalHolder] = Modal.useModal();
  const history = useLoginHistory();
  const force = useForceLogout();
  const rows = (history.data?.list ?? []).slice(0, LAST);
  const others = rows.some((row) => row.active && !row.current);

  const confirm = (sessionId?: number) =>
    modal.confirm({
      title: t(sessionId ? 'history.confirmOne' : 'history.confirmAll'),
      okText: t('history.forceLogout'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: true },
      onOk: () => force.mutateAsync({ session_id: sessionId }).then(() => toastSuccess(t('history.done'))),
    });

  const dash = t('common:dash');
  return (
    <Card title={t('history.title')}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 12,
          alignItems: 'center',
          justifyContent: 'space-between',
          marginBottom: 16,
        }}
      >
        <span style={{ color: 'rgba(0,0,0,0.55)' }}>{t('history.description')}</span>
        <Button danger disabled={!others} onClick={() => confirm()} data-testid="force-logout-all">
          {t('history.forceLogoutAll')}
        </Button>
      </div>
      <Table<LoginHistoryItem>
        rowKey="session_id"
        loading={history.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('history.empty') }}
        data-testid="login-history"
        columns={[
          {
            title: t('history.time'),
            dataIndex: 'login_time',
            render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: t('history.device'),
            dataIndex: 'device',
            render: (value: string, row) => (
              <>
                {value || dash}
                {row.kind === 'phone' ? (
                  <Tag color="purple" style={{ marginInlineStart: 8 }} data-testid="login-history-phone">
                    {t('history.phone')}
                  </Tag>
                ) : null}
              </>
            ),
          },
          { title: t('history.ip'), dataIndex: 'ip', render: (value: string | null) => value || dash },
          {
            title: t('history.location'),
            dataIndex: 'location',
            render: (value: string | null) => value || dash,
          },
          {
            title: t('history.status'),
            key: 'status',
            render: (_, row) =>
              row.current ? (
                <Tag color="blue">{t('history.current')}</Tag>
              ) : row.active ? (
                <Tag color="green">{t('history.active')}</Tag>
              ) : (
                <Tag>{t('history.ended')}</Tag>
              ),
          },
          {
            title: '',
            key: 'action',
            align: 'right',
            render: (_, row) =>
              row.active && !row.current ? (
                <Button size="small" danger onClick={() => confirm(row.session_id)}>
                  {t('history.forceLogout')}
                </Button>
              ) : null,
          },
        ]}
      />
      {modalHolder}
    </Card>
  );
}
