import { useState } from 'react';
import { Alert, Button, Input, Segmented, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { formatErrorMessage } from '@keystead/contract/errors/index';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import { downloadText, fileProblem, sheetRows, templateCsv, type SheetRow } from './batch-csv';

/** Where the rows came from: a file (sent as its text while unedited) or pasted lines. */
export type BatchSource = { kind: 'file'; name: string; text: string } | { kind: 'paste'; text: string };

/**
 * §4 batch wizard, the recipients: the template (headers in the user's language) to download, a
 * .csv of at most 5 MB dropped or picked (checked here before it is read), or rows pasted.
 */
export function BatchSourcePicker(props: {
  source: BatchSource | null;
  rowCount: number;
  onChange: (source: BatchSource | null, rows: SheetRow[]) => void;
}) {
  const { t } = useLazyTranslation('batch');
  const [mode, setMode] = useState<'file' | 'paste'>(props.source?.kind ?? 'file');
  const [problem, setProblem] = useState<string | null>(null);

  const template = () =>
    downloadText(
      t('template.fileName'),
      templateCsv(t('template.headers').split(','), [t('template.exampleAddress'), '0.01', '', '', '']),
    );

  const pick = async (file: File) => {
    const kind = fileProblem(file);
    if (kind) {
      setProblem(
        kind === 'type'
          ? formatErrorMessage('CSV_FILE_TYPE_ERROR', currentLanguage())
          : formatErrorMessage('CSV_FILE_TOO_LARGE_ERROR', currentLanguage(), { max: '5 MB' }),
      );
      return;
    }
    setProblem(null);
    const text = await file.text();
    props.onChange({ kind: 'file', name: file.name, text }, sheetRows(text) ?? []);
  };

  return (
    <div data-testid="batch-source">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={mode}
          onChange={(value) => setMode(value as 'file' | 'paste')}
          options={[
            { value: 'file', label: <span data-testid="batch-mode-file">{t('source.file')}</span> },
            { value: 'paste', label: <span data-testid="batch-mode-paste">{t('source.paste')}</span> },
          ]}
        />
        <Button icon={<DownloadOutlined />} onClick={template} data-testid="batch-template">
          {t('template.download')}
        </Button>
      </Space>
      {mode === 'file' ? (
        <>
          <Upload.Dragger
            accept=".csv,text/csv"
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              void pick(file);
              return false;
            }}
            data-testid="batch-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('source.drop')}</p>
            <p className="ant-upload-hint">{t('source.dropHint')}</p>
          </Upload.Dragger>
          {props.source?.kind === 'file' ? (
            <Space style={{ marginTop: 8 }} wrap>
              <Typography.Text data-testid="batch-file-name">
                {t('source.chosen', { name: props.source.name, count: props.rowCount })}
              </Typography.Text>
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                onClick={() => props.onChange(null, [])}
                aria-label={t('source.remove')}
              />
            </Space>
          ) : null}
        </>
      ) : (
        <>
          <Input.TextArea
            rows={6}
            value={props.source?.kind === 'paste' ? props.source.text : ''}
            onChange={(event) => {
              const text = event.target.value;
              props.onChange(text.trim() ? { kind: 'paste', text } : null, sheetRows(text, true) ?? []);
            }}
            placeholder={t('source.pastePlaceholder')}
            data-testid="batch-paste"
            style={{ fontFamily: 'monospace' }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('source.pasteHint')}
          </Typography.Text>
        </>
      )}
      {problem ? (
        <Alert
          style={{ marginTop: 8 }}
          type="error"
          showIcon
          message={problem}
          data-testid="batch-file-error"
        />
      ) : null}
    </div>
  );
}
