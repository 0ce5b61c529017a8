import { Button, DatePicker, Select, Space as Stack } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMembers } from '@/features/organization';
import { useLazyTranslation } from '@/lib/use-namespace';

export const AUDIT_TYPES = ['organization', 'member', 'account', 'wallet'] as const;
export const AUDIT_OPERATIONS = [
  'create',
  'update',
  'settings',
  'environment_scan',
  'plan_set',
  'invite',
  'reinvite',
  'join',
  'block',
  'unblock',
  'role_change',
  'delete',
] as const;

export interface AuditFilterValues {
  type?: string;
  operation?: string;
  user_id?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Filters of the audit log: type, operation, member, date range. */
export function AuditFiltersBar({
  organizationId,
  value,
  onChange,
}: {
  organizationId: number;
  value: AuditFilterValues;
  onChange: (value: AuditFilterValues) => void;
}) {
  const { t } = useLazyTranslation('spaces');
  const members = useMembers(organizationId, { page: 1, page_size: 100 });
  const people = (members.data?.list ?? []).filter((member) => member.user_id !== null);
  return (
    <Stack wrap size={[12, 12]} style={{ marginBottom: 16 }} data-testid="audit-filters">
      <Select
        allowClear
        placeholder={t('audit.allTypes')}
        aria-label={t('audit.type')}
        style={{ width: 160 }}
        value={value.type}
        onChange={(type?: string) => onChange({ ...value, type })}
        options={AUDIT_TYPES.map((type) => ({ value: type, label: t(`audit.types.${type}`) }))}
        data-testid="audit-type"
      />
      <Select
        allowClear
        placeholder={t('audit.allOperations')}
        aria-label={t('audit.operation')}
        style={{ width: 180 }}
        value={value.operation}
        onChange={(operation?: string) => onChange({ ...value, operation })}
        options={AUDIT_OPERATIONS.map((operation) => ({
          value: operation,
          label: t(`audit.operations.${operation}`),
        }))}
        data-testid="audit-operation"
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('audit.allMembers')}
        aria-label={t('audit.member')}
        style={{ width: 220 }}
        value={value.user_id}
        onChange={(user_id?: number) => onChange({ ...value, user_id })}
        options={people.map((member) => ({
          value: member.user_id!,
          label: member.nickname ? `${member.nickname} (${member.email})` : member.email,
        }))}
        data-testid="audit-member"
      />
      <DatePicker.RangePicker
        value={value.range ?? null}
        onChange={(range) => onChange({ ...value, range })}
        aria-label={t('audit.range')}
        style={{ maxWidth: '100%' }}
      />
      <Button onClick={() => onChange({})}>{t('audit.reset')}</Button>
    </Stack>
  );
}
