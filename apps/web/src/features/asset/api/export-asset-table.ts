import { useMutation } from '@tanstack/react-query';
import type { AssetRange, FlowPeriod } from '@keystead/contract/api/assets';
import { ASSET_TABLES } from '@keystead/contract/api/assets';
import { apiDownload, saveBlob, V1 } from '@/lib/api-client';

export type AssetTable = (typeof ASSET_TABLES)[number];

export interface AssetExport {
  table: AssetTable;
  range?: AssetRange;
  period?: FlowPeriod;
  hideSmall?: boolean;
}

/** GET /asset/export: one analysis table as CSV, offered as a download. */
export async function exportAssetTable(input: AssetExport): Promise<void> {
  const { blob, filename } = await apiDownload(`${V1}/asset/export`, {
    table: input.table,
    range: input.range,
    period: input.period,
    hide_small: input.hideSmall === undefined ? undefined : input.hideSmall ? 1 : 0,
  });
  saveBlob(blob, filename ?? `asset-${input.table}.csv`);
}

export const useExportAssetTable = () => useMutation({ mutationFn: exportAssetTable });
