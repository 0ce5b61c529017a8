import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { VIEWERS_MAX } from '@keystead/contract/limits';
import { PeopleSelect, useJoinedMembers } from '@/features/wallet';
import { isApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { trimStart } from '@/lib/validation';
import type { ExchangeAccountItem } from '../api/list-exchange-accounts';
import { useUpdateExchangeDetails, type ExchangeDetailsChange } from '../api/update-exchange';

interface DetailsValues {
  name: string;
  remark?: string;
  viewers: number[];
}

const sameIds = (a: number[], b: number[]) => [...a].sort().join() === [...b].sort().join();

/**
 * Edit (admins): the account's name and remark, and its viewers (members who see it without
 * another role here; at most 5). Only what changed is sent.
 */
export function EditExchangeButton({ account }: { account: ExchangeAccountItem }) {
  const { t } = useLazyTranslation('exchange');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<DetailsValues>();
  const update = useUpdateExchangeDetails(account.wallet_id);
  const people = useJoinedMembers();

  const submit = async () => {
    const values = await form.validateFields();
    const name = values.name.trim();
    const remark = values.remark?.trim() ?? '';
    const change: ExchangeDetailsChange = {};
    if (name !== account.name || remark !== (account.remark ?? '')) change.naming = { name, remark };
    if (!sameIds(values.viewers ?? [], account.viewers)) change.viewers = values.viewers ?? [];
    if (change.naming || change.viewers) await update.mutateAsync(change);
    toastSuccess(t('edit.saved'));
    setOpen(false);
  };

  return (
    <>
      <Button
        icon={<EditOutlined />}
        onClick={() => {
          update.reset();
          setOpen(true);
        }}
        data-testid="exchange-edit"
      >
        {t('edit.button')}
      </Button>
      <Modal
        open={open}
        title={t('edit.title')}
        onCancel={() => setOpen(false)}
        onOk={() => void submit().catch(() => undefined)}
        okText={t('common:actions.save')}
        okButtonProps={{ 'data-testid': 'exchange-edit-save' } as never}
        confirmLoading={update.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          preserve={false}
          initialValues={{ name: account.name, remark: account.remark ?? '', viewers: account.viewers }}
        >
          <Form.Item
            name="name"
            label={t('fields.name')}
            getValueFromEvent={trimStart}
            rules={[
              { required: true, whitespace: true, message: t('edit.nameRequired') },
              { max: 30, message: t('edit.nameMax', { max: 30 }) },
            ]}
          >
            <Input maxLength={30} data-testid="exchange-edit-name" />
          </Form.Item>
          <Form.Item
            name="remark"
            label={t('fields.remark')}
            rules={[{ max: 99, message: t('edit.remarkMax', { max: 99 }) }]}
          >
            <Input.TextArea rows={2} maxLength={99} data-testid="exchange-edit-remark" />
          </Form.Item>
          <Form.Item
            name="viewers"
            label={t('edit.viewers', { max: VIEWERS_MAX })}
            extra={t('edit.viewersHint')}
            htmlFor="exchange-viewers"
          >
            <PeopleSelect id="exchange-viewers" options={people} max={VIEWERS_MAX} />
          </Form.Item>
        </Form>
        {update.isError ? (
          <Alert
            type="error"
            showIcon
            data-testid="exchange-edit-error"
            message={isApiError(update.error) ? update.error.message : t('check.networkFailed')}
          />
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('edit.note')}
        </Typography.Text>
      </Modal>
    </>
  );
}
