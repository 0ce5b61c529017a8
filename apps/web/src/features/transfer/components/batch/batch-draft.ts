import type { Label } from '@keystead/contract/api/labels';
import type { FeeTier } from '../../api/types';
import type { BatchBody, BatchRowError } from '../../api/batch-estimate';
import { rowsBody, type SheetRow } from './batch-csv';
import type { BatchSource } from './batch-source';

/** §4 batch wizard draft: the wallet, the rows (file or pasted), the fee, the default fund purpose, the remark. */
export interface BatchDraft {
  walletId: number;
  source: BatchSource | null;
  rows: SheetRow[];
  /** A cell was corrected in place: the rows are sent instead of the file's text. */
  edited: boolean;
  feeTier: FeeTier;
  customFee: string;
  fundPurpose: Label | null;
  remark: string;
}

export const emptyBatchDraft = (walletId = 0): BatchDraft => ({
  walletId,
  source: null,
  rows: [],
  edited: false,
  feeTier: 'standard',
  customFee: '',
  fundPurpose: null,
  remark: '',
});

/** What the batch calls take; an unedited file goes as its text, so the server numbers its rows. */
export function batchBody(draft: BatchDraft, utxo: boolean): BatchBody {
  const asFile = draft.source?.kind === 'file' && !draft.edited;
  return {
    wallet_id: draft.walletId,
    ...(asFile ? { csv: draft.source!.text } : { rows: rowsBody(draft.rows) }),
    fee_tier: draft.feeTier,
    ...(draft.feeTier === 'custom'
      ? utxo
        ? { custom_fee_rate: draft.customFee }
        : { custom_fee_gwei: draft.customFee }
      : {}),
    acknowledge_similar: false,
    ...(draft.remark.trim() ? { remark: draft.remark.trim() } : {}),
    ...(draft.fundPurpose ? { label_id: draft.fundPurpose.id } : {}),
  };
}

/**
 * The server's row errors numbered as the table shows them: typed rows are numbered 1… by the
 * server, so they are mapped back to their line; a row the table lacks is added, empty.
 */
export function placeErrors(
  draft: BatchDraft,
  utxo: boolean,
  errors: BatchRowError[],
): { rows: SheetRow[]; errors: BatchRowError[] } {
  const sentAsRows = 'rows' in batchBody(draft, utxo);
  const placed = sentAsRows
    ? errors.map((error) => ({ ...error, row: draft.rows[error.row - 1]?.row ?? error.row }))
    : errors;
  const known = new Set(draft.rows.map((row) => row.row));
  const missing = [...new Set(placed.map((error) => error.row))].filter((row) => !known.has(row));
  const rows = [
    ...draft.rows,
    ...missing.map((row) => ({ row, address: '', amount: '', token: '', memo: '', fund_purpose: '' })),
  ].sort((a, b) => a.row - b.row);
  return { rows, errors: placed };
}

/** Whole-file refusals, said above the upload (the rest go to a toast). */
export const FILE_ERROR_CODES = [
  'CSV_FILE_TYPE_ERROR',
  'CSV_FILE_TOO_LARGE_ERROR',
  'CSV_PARSE_ERROR',
  'TRANSFER_MAX_ADDRESSES_ERROR',
  'TRANSFER_BATCH_UNSUPPORTED_ERROR',
  'TRANSFER_BALANCE_INSUFFICIENT_ERROR',
  'PARAMS_REQUIRED_ERROR',
  'PARAMS_INVALID_ERROR',
];
