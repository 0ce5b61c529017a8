import { useState } from 'react';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { EMAIL_PATTERN } from '@/lib/validation';
import { useInviteMembers } from '../../api/invite-members';
import type { Space } from '../../api/types';
import { LimitModal, limitFromError, type LimitInfo } from '../limit-modal';
import { invitableRoles } from './member-rules';

const MAX_AT_ONCE = 20;
const split = (raw: string) =>
  raw
    .split(/[,，;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** §5 invite: one or several comma-separated e-mails with one role. Over the seat limit → limit modal. */
export function InviteModal({ space, open, onClose }: { space: Space; open: boolean; onClose: () => void }) {
  const { t } = useLazyTranslation('spaces');
  const [form] = Form.useForm<{ emails: string; role: number }>();
  const invite = useInviteMembers(space.organization_id);
  const [limit, setLimit] = useState<LimitInfo | null>(null);
  const roles = invitableRoles(space.role);

  const submit = async (values: { emails: string; role: number }) => {
    try {
      const reply = await invite.mutateAsync({ emails: split(values.emails).join(', '), role: values.role });
      toastSuccess(t('inviteModal.sent', { emails: reply.invited.join(', ') }));
      form.resetFields();
      onClose();
    } catch (error) {
      const info = limitFromError(error);
      if (info) setLimit(info);
      else void showErrorToast(error);
    }
  };

  return (
    <>
      <Modal
        open={open}
        title={t('inviteModal.title')}
        onCancel={onClose}
        onOk={() => form.submit()}
        okText={t('inviteModal.submit')}
        confirmLoading={invite.isPending}
        destroyOnHidden
        styles={{ body: { paddingBlock: 12 } }}
        okButtonProps={{ 'data-testid': 'invite-submit' } as Record<string, string>}
        data-testid="invite-modal"
      >
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ role: 0 }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            name="emails"
            label={t('inviteModal.emails')}
            extra={t('inviteModal.emailsHint')}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const emails = split(value ?? '');
                  if (emails.length === 0) return Promise.reject(new Error(t('inviteModal.emailsRequired')));
                  if (emails.length > MAX_AT_ONCE)
                    return Promise.reject(new Error(t('inviteModal.emailsTooMany')));
                  const bad = emails.find((email) => !EMAIL_PATTERN.test(email));
                  return bad
                    ? Promise.reject(new Error(t('inviteModal.emailsInvalid', { email: bad })))
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea
              rows={3}
              placeholder={t('inviteModal.emailsPlaceholder')}
              data-testid="invite-emails"
            />
          </Form.Item>
          <Form.Item name="role" label={t('inviteModal.role')} style={{ marginBottom: 8 }}>
            <Select
              options={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              data-testid="invite-role"
            />
          </Form.Item>
          {roles.includes(2) ? null : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('inviteModal.adminOnlyCreator')}
            </Typography.Text>
          )}
        </Form>
      </Modal>
      <LimitModal limit={limit} space={space} onClose={() => setLimit(null)} />
    </>
  );
}
