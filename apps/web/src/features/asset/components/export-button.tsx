import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useExportAssetTable, type AssetExport } from '../api/export-asset-table';

/** Downloads one analysis table as CSV (GET /asset/export). */
export function ExportButton({ what, label }: { what: AssetExport; label?: string }) {
  const { t } = useLazyTranslation('asset');
  const exporter = useExportAssetTable();
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={exporter.isPending}
      onClick={() =>
        exporter.mutate(what, {
          onSuccess: () => toastSuccess(t('exported')),
          onError: (error) => void showErrorToast(error),
        })
      }
      aria-label={label ? `${t('export')} · ${label}` : t('export')}
      data-testid={`asset-export-${what.table}`}
    >
      {t('export')}
    </Button>
  );
}
