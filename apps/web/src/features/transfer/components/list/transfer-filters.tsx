import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { PickerWallet } from '@/features/wallet';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useEnabledLabelTree } from '../../api/label-tree';
import { useFundPurposeOptions } from '../fund-purpose-select';

export interface TransferFilters {
  wallet_id?: number;
  status?: number;
  symbol?: string;
  keyword?: string;
  /** The fund purpose (a label id). */
  label_id?: number;
  start_time?: string;
  end_time?: string;
}

const STATUSES = [0, 3, 5, 6, 1, 2, 7, 8, 9, 10, 11];

/** Advanced search (§6: admins): wallet, status, token, fund purpose, task number or address, creation period. */
export function TransferFilterBar(props: {
  wallets: PickerWallet[];
  value: TransferFilters;
  onChange: (value: TransferFilters) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const labels = useEnabledLabelTree(useSelectedSpaceId());
  const labelOptions = useFundPurposeOptions(labels.data?.list ?? []);
  type Values = {
    wallet_id?: number;
    status?: number;
    symbol?: string;
    keyword?: string;
    /** The select's value: the label id as text. */
    label_id?: string;
    period?: [Dayjs, Dayjs] | null;
  };
  const [form] = Form.useForm<Values>();
  const initial: Values = {
    wallet_id: props.value.wallet_id,
    status: props.value.status,
    symbol: props.value.symbol,
    keyword: props.value.keyword,
    label_id: props.value.label_id ? String(props.value.label_id) : undefined,
    period:
      props.value.start_time && props.value.end_time
        ? ([dayjs(props.value.start_time), dayjs(props.value.end_time)] as [Dayjs, Dayjs])
        : undefined,
  };
  const apply = (values: Values) => {
    const { period, label_id, ...rest } = values;
    const clean = Object.fromEntries(
      Object.entries(rest).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    ) as TransferFilters;
    props.onChange({
      ...clean,
      ...(label_id ? { label_id: Number(label_id) } : {}),
      ...(period
        ? {
            start_time: period[0].startOf('day').toISOString(),
            end_time: period[1].endOf('day').toISOString(),
          }
        : {}),
    });
  };
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={initial}
      onFinish={apply}
      style={{ rowGap: 8 }}
      data-testid="transfer-filters"
    >
      <Form.Item name="wallet_id">
        <Select
          allowClear
          placeholder={t('filters.wallet')}
          aria-label={t('filters.wallet')}
          style={{ width: 160 }}
          options={props.wallets.map((wallet) => ({ value: wallet.wallet_id, label: wallet.name }))}
        />
      </Form.Item>
      <Form.Item name="status">
        <Select
          allowClear
          placeholder={t('filters.status')}
          aria-label={t('filters.status')}
          style={{ width: 150 }}
          options={STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="symbol">
        <Input
          allowClear
          placeholder={t('filters.symbol')}
          aria-label={t('filters.symbol')}
          style={{ width: 110 }}
          maxLength={20}
        />
      </Form.Item>
      <Form.Item name="label_id">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('filters.fundPurpose')}
          aria-label={t('filters.fundPurpose')}
          loading={labels.isPending}
          style={{ width: 170 }}
          options={labelOptions}
          data-testid="filter-fund-purpose"
        />
      </Form.Item>
      <Form.Item name="keyword">
        <Input
          allowClear
          placeholder={t('filters.keyword')}
          aria-label={t('filters.keyword')}
          style={{ width: 200 }}
          maxLength={120}
        />
      </Form.Item>
      <Form.Item name="period">
        <DatePicker.RangePicker style={{ width: 240 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" data-testid="filters-apply">
          {t('filters.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            form.setFieldsValue({
              wallet_id: undefined,
              status: undefined,
              symbol: undefined,
              keyword: undefined,
              label_id: undefined,
              period: undefined,
            });
            props.onChange({});
          }}
        >
          {t('filters.reset')}
        </Button>
      </Space>
    </Form>
  );
}
