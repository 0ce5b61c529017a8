import { Alert, Form, Input, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { BatchRowError } from '../../api/batch-estimate';
import { FeePicker } from '../wizard/fee-picker';
import { FundPurposeField, useFundPurposeRule } from '../wizard/fund-purpose-field';
import { UtxoFeePicker } from '../wizard/utxo-fee-picker';
import { WizardActions } from '../wizard/wizard-actions';
import type { BatchColumn } from './batch-csv';
import type { BatchDraft } from './batch-draft';
import { BatchErrorTable } from './batch-error-table';
import { BatchSourcePicker } from './batch-source';

/**
 * Step 2: the recipients (file or pasted rows), the fee, the fund purpose of rows that name none,
 * the remark; "Check" asks the server, whose refusals show here — at their rows, or above the file.
 */
export function BatchRecipientsStep(props: {
  draft: BatchDraft;
  utxo: boolean;
  rowErrors: BatchRowError[];
  fileError: string | null;
  feeError: string | null;
  checking: boolean;
  onChange: (patch: Partial<BatchDraft>) => void;
  onEdit: (row: number, column: BatchColumn, value: string) => void;
  onBack: () => void;
  onCheck: () => void;
}) {
  const { t } = useLazyTranslation('batch');
  const { draft } = props;
  const rule = useFundPurposeRule(draft.walletId, draft.fundPurpose);
  const Picker = props.utxo ? UtxoFeePicker : FeePicker;
  return (
    <div data-testid="batch-recipients">
      <Typography.Paragraph type="secondary">
        {t('source.hint')}
        {rule.required ? ` ${t('source.purposeRequired')}` : ''}
      </Typography.Paragraph>
      <BatchSourcePicker
        source={draft.source}
        rowCount={draft.rows.length}
        onChange={(source, rows) => props.onChange({ source, rows, edited: false })}
      />
      {props.fileError ? (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          message={props.fileError}
          data-testid="batch-server-error"
        />
      ) : null}
      {props.rowErrors.length ? (
        <div style={{ marginTop: 16 }}>
          <BatchErrorTable rows={draft.rows} errors={props.rowErrors} onEdit={props.onEdit} />
        </div>
      ) : null}
      <Form layout="vertical" style={{ marginTop: 16, maxWidth: 720 }}>
        <Form.Item label={t('fields.fee')}>
          <Picker
            walletId={draft.walletId}
            tier={draft.feeTier}
            custom={draft.customFee}
            error={props.feeError}
            onChange={(feeTier, customFee) => props.onChange({ feeTier, customFee })}
          />
        </Form.Item>
        <FundPurposeField
          rule={{ ...rule, required: false }}
          value={draft.fundPurpose}
          error={null}
          onChange={(fundPurpose) => props.onChange({ fundPurpose })}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: -16, fontSize: 12 }}>
          {t('fields.purposeHint')}
        </Typography.Paragraph>
        <Form.Item label={t('fields.remark')}>
          <Input.TextArea
            rows={2}
            maxLength={200}
            showCount
            value={draft.remark}
            onChange={(event) => props.onChange({ remark: event.target.value })}
            data-testid="batch-remark"
          />
        </Form.Item>
      </Form>
      <WizardActions
        onBack={props.onBack}
        onNext={props.onCheck}
        loading={props.checking}
        disabled={!draft.rows.length && draft.source?.kind !== 'file'}
        nextText={props.rowErrors.length ? t('actions.checkAgain') : t('actions.check')}
        testId="batch-check"
      />
    </div>
  );
}
