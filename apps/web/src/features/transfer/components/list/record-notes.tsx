import { useState } from 'react';
import { Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useRecordNote } from '../../api/record-notes';
import type { TransferRecordInfo } from '../../api/types';

/** What the server takes as a cost price: a plain decimal, at most 15 whole and 18 fractional digits. */
const PRICE = /^\d{1,15}(\.\d{1,18})?$/;

/** Saves a record's note and says so; a refusal (not an operator or admin) is toasted in the user's language. */
function useSaveNote(record: TransferRecordInfo) {
  const { t } = useLazyTranslation('transfer');
  const note = useRecordNote(record.id);
  return async (change: { remark: string } | { cost_price: string | null }) => {
    try {
      await note.mutateAsync(change);
      toastSuccess(t('records.notes.saved'));
    } catch (error) {
      void showErrorToast(error);
    }
  };
}

/** A record's remark, written in place by the wallet's operators and admins. */
export function RecordRemark({ record }: { record: TransferRecordInfo }) {
  const { t } = useLazyTranslation('transfer');
  const save = useSaveNote(record);
  return (
    <Typography.Text
      data-testid="record-remark"
      type={record.remark ? undefined : 'secondary'}
      editable={{
        text: record.remark ?? '',
        maxLength: 200,
        tooltip: t('records.notes.edit'),
        onChange: (value) => {
          if (value.trim() !== (record.remark ?? '')) void save({ remark: value.trim() });
        },
      }}
    >
      {record.remark ?? t('records.notes.none')}
    </Typography.Text>
  );
}

/** A record's cost price in USD per unit of its token (profit and loss reads it); empty clears it. */
export function RecordCostPrice({ record }: { record: TransferRecordInfo }) {
  const { t } = useLazyTranslation('transfer');
  const save = useSaveNote(record);
  const [problem, setProblem] = useState(false);
  const onChange = (value: string) => {
    const price = value.trim();
    const valid = price === '' || PRICE.test(price);
    setProblem(!valid);
    if (valid && price !== (record.cost_price ?? '')) void save({ cost_price: price === '' ? null : price });
  };
  return (
    <>
      <Typography.Text
        data-testid="record-cost-price"
        type={record.cost_price ? undefined : 'secondary'}
        editable={{ text: record.cost_price ?? '', tooltip: t('records.notes.edit'), onChange }}
      >
        {record.cost_price
          ? t('records.notes.price', { price: record.cost_price, symbol: record.symbol })
          : t('records.notes.none')}
      </Typography.Text>
      {problem ? (
        <Typography.Text
          type="danger"
          style={{ display: 'block', fontSize: 12 }}
          data-testid="record-cost-price-problem"
        >
          {t('records.notes.priceFormat')}
        </Typography.Text>
      ) : null}
    </>
  );
}
