import { Form, Input } from 'antd';
import { MAX_EXCHANGE_VIEWERS } from '@keystead/contract/api/exchanges';
import { PeopleSelect, useJoinedMembers } from '@/features/wallet';
import { useLazyTranslation } from '@/lib/use-namespace';

/** The wizard's second step: how the account is named in the space and who else may view it. */
export function DetailsForm() {
  const { t } = useLazyTranslation('exchange');
  const people = useJoinedMembers();
  return (
    <>
      <Form.Item
        name="name"
        label={t('form.name')}
        rules={[
          { required: true, whitespace: true, message: t('form.nameRequired') },
          { max: 30, message: t('form.nameLength') },
        ]}
      >
        <Input maxLength={30} showCount data-testid="exchange-name-input" />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('form.remark')}
        rules={[{ max: 100, message: t('form.remarkLength') }]}
      >
        <Input.TextArea
          maxLength={100}
          showCount
          autoSize={{ minRows: 2 }}
          data-testid="exchange-remark-input"
        />
      </Form.Item>
      <Form.Item
        name="viewers"
        label={t('form.viewers', { max: MAX_EXCHANGE_VIEWERS })}
        extra={t('form.viewersHint')}
      >
        <PeopleSelect id="exchange-viewers" options={people} max={MAX_EXCHANGE_VIEWERS} />
      </Form.Item>
    </>
  );
}
