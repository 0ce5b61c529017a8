import { useState } from 'react';
import { Alert, Input, Space, Switch, Table, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { BatchRowError } from '../../api/batch-estimate';
import { BATCH_COLUMNS, type BatchColumn, type SheetRow } from './batch-csv';

/** How many problems the summary lists (the table shows them all). */
const LISTED = 10;
const BAD_CELL = { background: '#fff1f0', boxShadow: 'inset 0 0 0 1px #ff4d4f' };

/**
 * Every row the server refused, at its row of the file: the bad cell outlined in red (and
 * editable in place) with the reason under it; above, how many rows have problems and which.
 */
export function BatchErrorTable(props: {
  rows: SheetRow[];
  errors: BatchRowError[];
  onEdit: (row: number, column: BatchColumn, value: string) => void;
}) {
  const { t } = useLazyTranslation('batch');
  const byRow = new Map<number, BatchRowError[]>();
  for (const error of props.errors) byRow.set(error.row, [...(byRow.get(error.row) ?? []), error]);
  const [onlyBad, setOnlyBad] = useState(props.rows.length > 20);
  const shown = onlyBad ? props.rows.filter((row) => byRow.has(row.row)) : props.rows;
  const bad = (row: SheetRow, column: BatchColumn) =>
    byRow.get(row.row)?.find((error) => error.column === column);

  return (
    <div data-testid="batch-errors">
      <Alert
        type="error"
        showIcon
        message={t('errors.summary', { count: byRow.size })}
        description={
          <>
            <div>{t('errors.fix')}</div>
            <ul style={{ margin: '6px 0 0', paddingInlineStart: 18 }}>
              {props.errors.slice(0, LISTED).map((error) => (
                <li
                  key={`${error.row}-${error.column}`}
                  data-testid={`batch-problem-${error.row}-${error.column}`}
                >
                  {t('errors.item', {
                    row: error.row,
                    column: t(`columns.${error.column}`),
                    message: error.message,
                  })}
                </li>
              ))}
            </ul>
            {props.errors.length > LISTED ? (
              <div>{t('errors.more', { count: props.errors.length - LISTED })}</div>
            ) : null}
          </>
        }
        data-testid="batch-errors-summary"
        style={{ marginBottom: 12 }}
      />
      <Space style={{ marginBottom: 8 }}>
        <Switch size="small" checked={onlyBad} onChange={setOnlyBad} data-testid="batch-only-bad" />
        <Typography.Text>{t('errors.onlyBad')}</Typography.Text>
      </Space>
      <Table<SheetRow>
        size="small"
        rowKey="row"
        dataSource={shown}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={(row) =>
          ({
            'data-testid': `batch-row-${row.row}`,
            'data-bad': byRow.has(row.row) ? 'true' : 'false',
          }) as never
        }
        columns={[
          { title: t('columns.row'), dataIndex: 'row', width: 64 },
          ...BATCH_COLUMNS.map((column) => ({
            title: t(`columns.${column}`),
            key: column,
            onCell: (row: SheetRow) => ({
              style: bad(row, column) ? BAD_CELL : undefined,
              'data-testid': `batch-cell-${row.row}-${column}`,
              'data-bad': bad(row, column) ? 'true' : 'false',
            }),
            render: (_: unknown, row: SheetRow) => {
              const error = bad(row, column);
              if (!error) return <span style={{ wordBreak: 'break-all' }}>{row[column] || '—'}</span>;
              return (
                <div style={{ maxWidth: column === 'address' ? 340 : 220 }}>
                  <Input
                    size="small"
                    status="error"
                    value={row[column]}
                    aria-label={t('errors.editCell', { row: row.row, column: t(`columns.${column}`) })}
                    onChange={(event) => props.onEdit(row.row, column, event.target.value)}
                    style={{ minWidth: column === 'address' ? 280 : 100 }}
                  />
                  <Typography.Text
                    type="danger"
                    style={{ display: 'block', fontSize: 12, whiteSpace: 'normal', marginTop: 2 }}
                    data-testid="batch-cell-error"
                  >
                    {error.message}
                  </Typography.Text>
                </div>
              );
            },
          })),
        ]}
      />
    </div>
  );
}
