import { Button, Dropdown, Modal, Space as Stack } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useDeleteMember } from '../../api/delete-member';
import { useReinviteMember } from '../../api/reinvite-member';
import { useUpdateMember } from '../../api/update-member';
import type { Member } from '../../api/types';
import type { MemberPermissions } from './member-rules';

/** §4 Others: pending may be resent or withdrawn; joined may be blocked, re-roled or removed; blocked unblocked. */
export function MemberActions({
  organizationId,
  member,
  allowed,
}: {
  organizationId: number;
  member: Member;
  allowed: MemberPermissions;
}) {
  const { t } = useLazyTranslation('spaces');
  const [modal, holder] = Modal.useModal();
  const reinvite = useReinviteMember(organizationId);
  const update = useUpdateMember(organizationId);
  const remove = useDeleteMember(organizationId);
  const email = member.email;
  const open = member.status === 'pending' || member.status === 'expired';

  const confirmRemove = () =>
    void modal.confirm({
      title: t(open ? 'members.withdrawTitle' : 'members.removeTitle', { email }),
      content: t(open ? 'members.withdrawText' : 'members.removeText'),
      okButtonProps: { danger: true },
      okText: t(open ? 'members.withdraw' : 'members.remove'),
      onOk: () =>
        remove.mutateAsync(member.member_id).then(() => toastSuccess(t('members.removed', { email }))),
    });
  const confirmBlock = () =>
    void modal.confirm({
      title: t('members.blockTitle', { email }),
      content: t('members.blockText'),
      okButtonProps: { danger: true },
      okText: t('members.block'),
      onOk: () =>
        update
          .mutateAsync({ member_id: member.member_id, status: 'blocked' })
          .then(() => toastSuccess(t('members.blocked', { email }))),
    });

  const more = [
    ...(allowed.changeRole
      ? [
          {
            key: 'role',
            label: t('members.changeRole'),
            children: allowed.roles.map((role) => ({
              key: `role:${role}`,
              label: t(`roles.${role}`),
              disabled: role === member.role,
            })),
          },
        ]
      : []),
    ...(allowed.remove
      ? [{ key: 'remove', danger: true, label: t(open ? 'members.withdraw' : 'members.remove') }]
      : []),
  ];

  return (
    <Stack size={0} wrap data-testid={`member-actions-${email}`}>
      {allowed.reinvite ? (
        <Button
          type="link"
          size="small"
          loading={reinvite.isPending}
          onClick={() =>
            reinvite.mutate(member.member_id, {
              onSuccess: () => toastSuccess(t('members.reinvited', { email })),
            })
          }
        >
          {t('members.reinvite')}
        </Button>
      ) : null}
      {allowed.block ? (
        <Button type="link" size="small" danger onClick={confirmBlock}>
          {t('members.block')}
        </Button>
      ) : null}
      {allowed.unblock ? (
        <Button
          type="link"
          size="small"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { member_id: member.member_id, status: 'joined' },
              { onSuccess: () => toastSuccess(t('members.unblocked', { email })) },
            )
          }
        >
          {t('members.unblock')}
        </Button>
      ) : null}
      {more.length > 0 ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more,
            onClick: ({ key }) => {
              if (key === 'remove') return confirmRemove();
              const role = Number(key.split(':')[1]);
              update.mutate(
                { member_id: member.member_id, role },
                {
                  onSuccess: () =>
                    toastSuccess(t('members.roleChanged', { email, role: t(`roles.${role}`) })),
                },
              );
            },
          }}
        >
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('members.more')} />
        </Dropdown>
      ) : null}
      {holder}
    </Stack>
  );
}
