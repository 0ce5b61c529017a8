import { parse } from 'csv-parse/sync';
import { BATCH_CSV_MAX_BYTES, batchColumnOf } from '@keystead/contract';
import { AppError } from '../../lib/app-error';

/** One recipient as the operator wrote it: cells as text (nothing in a cell is ever evaluated). */
export interface BatchInputRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  address: string;
  amount: string;
  token: string;
  memo: string;
  fund_purpose: string;
}

/**
 * Reads a batch file: UTF-8 with or without a BOM, CRLF or LF, quoted cells per RFC 4180. A file
 * over 5 MB, without the address and amount columns, or not CSV at all is refused whole; rows
 * that are entirely empty are skipped (their numbers are kept for the rest).
 */
export function parseBatchCsv(text: string): BatchInputRow[] {
  if (Buffer.byteLength(text, 'utf8') > BATCH_CSV_MAX_BYTES)
    throw new AppError('CSV_FILE_TOO_LARGE_ERROR', { max: '5 MB' });
  let records: string[][];
  try {
    // relax_quotes: a quote inside an unquoted cell (=HYPERLINK("…")) is text, not a syntax error.
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: true,
    });
  } catch {
    throw new AppError('CSV_PARSE_ERROR');
  }
  const [header, ...rows] = records;
  if (!header) throw new AppError('CSV_PARSE_ERROR');
  const columns = header.map(batchColumnOf);
  if (!columns.includes('address') || !columns.includes('amount')) throw new AppError('CSV_PARSE_ERROR');
  const out: BatchInputRow[] = [];
  rows.forEach((cells, i) => {
    if (cells.every((cell) => cell === '')) return;
    const row: BatchInputRow = { row: i + 2, address: '', amount: '', token: '', memo: '', fund_purpose: '' };
    cells.forEach((cell, c) => {
      const column = columns[c];
      if (column) row[column] = cell;
    });
    out.push(row);
  });
  return out;
}
