import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMembers } from '@/features/organization';
import { useSelectedSpaceId } from '@/lib/space';

/** The space's joined members (role pickers). */
export function useJoinedMembers() {
  const spaceId = useSelectedSpaceId();
  const members = useMembers(
    Number(spaceId ?? 0),
    { page: 1, page_size: 100, status: 'joined' },
    Boolean(spaceId),
  );
  return (members.data?.list ?? [])
    .filter((member) => member.user_id !== null)
    .map((member) => ({
      value: member.user_id!,
      label: member.nickname ? `${member.nickname} (${member.email})` : member.email,
    }));
}

export function PeopleSelect(props: {
  value?: number[];
  onChange?: (value: number[]) => void;
  options: Array<{ value: number; label: string }>;
  max?: number;
  id?: string;
}) {
  const { t } = useTranslation('wallets');
  return (
    <Select
      id={props.id}
      mode="multiple"
      value={props.value}
      onChange={props.onChange}
      options={props.options}
      placeholder={t('fields.peoplePlaceholder')}
      optionFilterProp="label"
      maxCount={props.max}
      allowClear
      data-testid={props.id}
    />
  );
}
