import { useState } from 'react';
import { Button, Descriptions, Empty, Modal, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useUserRisk } from '../../api/user-risk';
import type { Member } from '../../api/types';

/** A member's risk detail (POST /organization/user-risk): the tags in words, last sign-in, devices this week. */
export function MemberRisk({ organizationId, member }: { organizationId: number; member: Member }) {
  const { t } = useLazyTranslation('spaces');
  const [open, setOpen] = useState(false);
  const risk = useUserRisk(organizationId, open ? member.user_id : null);
  const entry = risk.data?.list[0];
  if (member.user_id === null) return null;
  return (
    <>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        onClick={() => setOpen(true)}
        data-testid={`member-risk-open-${member.email}`}
      >
        {t('memberRisk.open')}
      </Button>
      <Modal
        open={open}
        title={t('memberRisk.title', { name: member.nickname ?? member.email })}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('memberRisk.close')}</Button>}
        destroyOnHidden
      >
        <div data-testid="member-risk">
          {risk.isError ? (
            <QueryError
              title={t('memberRisk.loadError')}
              error={risk.error}
              onRetry={() => risk.refetch()}
              retrying={risk.isFetching}
            />
          ) : !risk.data ? (
            <Skeleton active />
          ) : !entry ? (
            <Empty description={t('memberRisk.notMember')} />
          ) : (
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('memberRisk.tags')}>
                {entry.risk_tags.length === 0 ? (
                  <Typography.Text type="secondary">{t('memberRisk.noTags')}</Typography.Text>
                ) : (
                  entry.risk_tags.map((tag) => (
                    <div key={tag} style={{ marginBottom: 4 }} data-testid="member-risk-tag">
                      <Tag color="orange">{t(`members.riskTags.${tag}`)}</Tag>
                      <Typography.Text type="secondary">{t(`members.riskTips.${tag}`)}</Typography.Text>
                    </div>
                  ))
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('memberRisk.lastSeen')}>
                <span data-testid="member-risk-last-seen">
                  {entry.last_seen_at
                    ? dayjs(entry.last_seen_at).format('YYYY-MM-DD HH:mm')
                    : t('memberRisk.never')}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('memberRisk.devices')}>
                <span data-testid="member-risk-devices">
                  {t('memberRisk.deviceCount', { count: entry.devices_last_7_days })}
                </span>
              </Descriptions.Item>
            </Descriptions>
          )}
        </div>
      </Modal>
    </>
  );
}
