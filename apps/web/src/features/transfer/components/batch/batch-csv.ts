import Papa from 'papaparse';
import { BATCH_COLUMNS, batchColumnOf, type BatchColumn } from '@keystead/contract/batch-template';
import { BATCH_CSV_MAX_BYTES } from '@keystead/contract/limits';
import type { BatchRowInput } from '../../api/batch-estimate';

export { BATCH_COLUMNS, type BatchColumn };

/** One recipient as the operator wrote it, with its row number in the file (the header is row 1). */
export interface SheetRow extends Required<BatchRowInput> {
  row: number;
}

/** RFC 4180 records (quoted cells, doubled quotes, CRLF or LF) read by Papa Parse; a BOM is dropped. */
export function csvRecords(text: string): string[][] {
  const { data } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const records = data.map((record) => record.map((cell) => cell.trim()));
  // The newline that ends the last line does not start another record.
  const last = records.at(-1);
  if (last && last.length === 1 && last[0] === '') records.pop();
  return records;
}

/**
 * The rows of a batch sheet as the file numbers them (empty lines skipped, their numbers kept).
 * With `headerOptional` (pasted text) a first line that is not a header is a row in the
 * template's column order, and rows count from 1.
 */
export function sheetRows(text: string, headerOptional = false): SheetRow[] | null {
  const records = csvRecords(text);
  const first = records[0] ?? [];
  const named = first.map(batchColumnOf);
  const hasHeader = named.includes('address') && named.includes('amount');
  if (!hasHeader && !headerOptional) return null;
  const columns = hasHeader ? named : [...BATCH_COLUMNS];
  const body = hasHeader ? records.slice(1) : records;
  const offset = hasHeader ? 2 : 1;
  const rows: SheetRow[] = [];
  body.forEach((cells, index) => {
    if (cells.every((cell) => cell === '')) return;
    const row: SheetRow = {
      row: index + offset,
      address: '',
      amount: '',
      token: '',
      memo: '',
      fund_purpose: '',
    };
    cells.forEach((cell, c) => {
      const column = columns[c];
      if (column) row[column] = cell;
    });
    rows.push(row);
  });
  return rows;
}

/** Rows as the API takes them (empty optional cells left out). */
export const rowsBody = (rows: SheetRow[]): BatchRowInput[] =>
  rows.map(({ address, amount, token, memo, fund_purpose }) => ({
    address,
    amount,
    ...(token ? { token } : {}),
    ...(memo ? { memo } : {}),
    ...(fund_purpose ? { fund_purpose } : {}),
  }));

/** What is wrong with a chosen file before it is read: not .csv, or over 5 MB. */
export function fileProblem(file: { name: string; size: number }): 'type' | 'size' | null {
  if (!/\.csv$/i.test(file.name)) return 'type';
  if (file.size > BATCH_CSV_MAX_BYTES) return 'size';
  return null;
}

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The template: UTF-8 with a BOM (spreadsheets then read the Chinese headers), one example row. */
export function templateCsv(headers: readonly string[], example: readonly string[]): string {
  return `\uFEFF${[headers, example].map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Saves `text` as a file through a temporary link. */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
