import { Form, Input, Modal, Select, Typography } from 'antd';
import { EmailCodeField, useChains } from '@/features/wallet';
import { isApiError } from '@/lib/api-client';
import { evmAddressProblem } from '@/lib/evm-address';
import { toastSuccess } from '@/lib/notify';
import { trimStart } from '@/lib/validation';
import { useLazyTranslation } from '@/lib/use-namespace';
import {
  useAddAddress,
  useDeleteAddress,
  type AddressBookEntry,
  type AddressBookInput,
} from '../api/address-book';

/** Add a whitelisted address (admins; e-mail code address_book_add). */
export function AddAddressModal(props: { spaceId: string | null; open: boolean; onClose: () => void }) {
  const { t } = useLazyTranslation('addressBook');
  const [form] = Form.useForm<AddressBookInput>();
  const add = useAddAddress(props.spaceId);
  const chains = useChains();
  const chainId = Form.useWatch('chain_id', form);
  // The server spells and checks the address by the chain's family; the form checks EVM's shape early.
  const isEvm = (chains.data?.list.find((c) => c.chain_id === chainId)?.family ?? 'EVM') === 'EVM';
  const submit = async () => {
    const values = await form.validateFields();
    await add.mutateAsync(values).catch((error: unknown) => {
      // The server's verdict on the address is said under the address.
      if (isApiError(error) && /^CHAIN_ADDRESS_/.test(error.code))
        form.setFields([{ name: 'address', errors: [error.message] }]);
      throw error;
    });
    toastSuccess(t('added'));
    form.resetFields();
    props.onClose();
  };
  return (
    <Modal
      open={props.open}
      title={t('add.title')}
      okText={t('add.submit')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={add.isPending}
      onCancel={props.onClose}
      okButtonProps={{ 'data-testid': 'address-add-submit' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label={t('fields.name')}
          getValueFromEvent={trimStart}
          rules={[
            { required: true, whitespace: true, message: t('validation.name') },
            { max: 30, message: t('validation.nameLength') },
          ]}
        >
          <Input id="book-name" maxLength={30} />
        </Form.Item>
        <Form.Item name="chain_id" label={t('fields.chain')} initialValue={chains.data?.list[0]?.chain_id}>
          <Select
            id="book-chain"
            loading={chains.isLoading}
            options={(chains.data?.list ?? []).map((c) => ({ value: c.chain_id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('fields.address')}
          getValueFromEvent={(event: { target: { value: string } }) => event.target.value.trim()}
          rules={[
            { required: true, message: t('validation.address') },
            ...(isEvm
              ? [
                  {
                    validator: async (_: unknown, value?: string) => {
                      const problem = value ? evmAddressProblem(value) : null;
                      if (problem === 'invalid') throw new Error(t('validation.addressFormat'));
                      if (problem === 'checksum') throw new Error(t('validation.addressChecksum'));
                    },
                  },
                ]
              : []),
          ]}
        >
          <Input
            id="book-address"
            placeholder={isEvm ? '0x…' : undefined}
            style={{ fontFamily: 'ui-monospace, monospace' }}
          />
        </Form.Item>
        <Form.Item name="memo" label={t('fields.memo')}>
          <Input id="book-memo" maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea id="book-description" maxLength={99} autoSize={{ minRows: 2, maxRows: 3 }} />
        </Form.Item>
        <EmailCodeField name="email_code" label={t('fields.emailCode')} category="address_book_add" />
      </Form>
    </Modal>
  );
}

/** Delete a whitelisted address (admins; e-mail code address_book_delete). */
export function DeleteAddressModal(props: {
  spaceId: string | null;
  entry: AddressBookEntry | null;
  onClose: () => void;
}) {
  const { t } = useLazyTranslation('addressBook');
  const [form] = Form.useForm<{ email_code: string }>();
  const remove = useDeleteAddress(props.spaceId);
  const submit = async () => {
    const values = await form.validateFields();
    await remove.mutateAsync({ id: props.entry!.id, email_code: values.email_code });
    toastSuccess(t('deleted'));
    props.onClose();
  };
  return (
    <Modal
      open={Boolean(props.entry)}
      title={t('delete.title')}
      okText={t('delete.submit')}
      okButtonProps={{ danger: true, 'data-testid': 'address-delete-submit' } as never}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={remove.isPending}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('delete.body', { name: props.entry?.name ?? '' })}</Typography.Paragraph>
      <Typography.Paragraph style={{ fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' }}>
        {props.entry?.address}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <EmailCodeField name="email_code" label={t('fields.emailCode')} category="address_book_delete" />
      </Form>
    </Modal>
  );
}
