import { Alert, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TIMELOCK_RECOVERY_BLOCKS } from '@keystead/contract/limits';
import { approxDelay, type RecoveryField, type RecoveryKeyDraft } from '../../timelock-recovery';
import { MONO } from '../wallet-bits';

export type RecoveryErrors = Partial<Record<RecoveryField, string>>;

const EMPTY: RecoveryKeyDraft = {
  xpub: '',
  fingerprint: '',
  path: '',
  blocks: TIMELOCK_RECOVERY_BLOCKS.default,
};

/** "≈ 30 days": a delay in blocks as time on this chain (wallets namespace). */
export function useApproxDelay(chainKey: string) {
  const { t } = useTranslation('wallets');
  return (blocks: number) => {
    const { unit, count } = approxDelay(blocks, chainKey);
    return t(`recoveryDelay.${unit}`, { count });
  };
}

/**
 * The signers step's optional emergency recovery key (Bitcoin and Litecoin): the key as xpub,
 * master fingerprint and path, and the delay in blocks after which it alone may move a coin.
 * `errors` holds what is wrong with a field, ours or the server's refusal of the last create.
 */
export function RecoveryKeySection(props: {
  chainKey: string;
  value: RecoveryKeyDraft | null;
  onChange: (value: RecoveryKeyDraft | null) => void;
  errors: RecoveryErrors;
}) {
  const { t } = useTranslation('wallets');
  const approx = useApproxDelay(props.chainKey);
  const value = props.value;
  const patch = (change: Partial<RecoveryKeyDraft>) => value && props.onChange({ ...value, ...change });
  const fieldStatus = (field: RecoveryField) =>
    props.errors[field] ? { validateStatus: 'error' as const, help: props.errors[field] } : {};
  return (
    <div
      style={{ border: '1px solid #e6e9f0', borderRadius: 8, padding: 16, marginBottom: 16 }}
      data-testid="recovery-key-section"
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 4 }}>
        <Switch
          id="recovery-enabled"
          checked={Boolean(value)}
          onChange={(on) => props.onChange(on ? EMPTY : null)}
          data-testid="recovery-switch"
        />
        <Typography.Text strong>{t('create.recovery.title')}</Typography.Text>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: value ? 12 : 0 }}>
        {t('create.recovery.explain')}
      </Typography.Paragraph>
      {props.errors.section ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={props.errors.section}
          style={{ marginBottom: 12 }}
          data-testid="recovery-section-error"
        />
      ) : null}
      {value ? (
        <Form layout="vertical" component="div">
          <Form.Item label={t('create.recovery.xpub')} required {...fieldStatus('xpub')}>
            <Input.TextArea
              id="recovery-xpub"
              rows={2}
              value={value.xpub}
              onChange={(event) => patch({ xpub: event.target.value })}
              style={MONO}
              placeholder="xpub… / tpub… / Zpub…"
            />
          </Form.Item>
          <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 12 }}>
            <Form.Item
              label={t('create.recovery.fingerprint')}
              required
              style={{ flex: '1 1 160px' }}
              {...fieldStatus('fingerprint')}
            >
              <Input
                id="recovery-fingerprint"
                value={value.fingerprint}
                onChange={(event) => patch({ fingerprint: event.target.value })}
                style={MONO}
                placeholder="73c5da0a"
              />
            </Form.Item>
            <Form.Item
              label={t('create.recovery.path')}
              required
              style={{ flex: '2 1 220px' }}
              {...fieldStatus('path')}
            >
              <Input
                id="recovery-path"
                value={value.path}
                onChange={(event) => patch({ path: event.target.value })}
                style={MONO}
                placeholder="m/48'/1'/0'/2'"
              />
            </Form.Item>
          </div>
          <Form.Item
            label={t('create.recovery.blocks')}
            required
            extra={props.errors.blocks ? undefined : approx(value.blocks)}
            {...fieldStatus('blocks')}
            style={{ marginBottom: 0 }}
          >
            <InputNumber
              id="recovery-blocks"
              min={TIMELOCK_RECOVERY_BLOCKS.min}
              max={TIMELOCK_RECOVERY_BLOCKS.max}
              precision={0}
              value={value.blocks}
              onChange={(blocks) => patch({ blocks: Number(blocks ?? 0) })}
              addonAfter={t('create.recovery.blocksUnit')}
              data-testid="recovery-blocks"
            />
          </Form.Item>
        </Form>
      ) : null}
    </div>
  );
}

/** What is plainly wrong before asking the server: an empty part, a delay outside 1…65535. */
export function checkRecoveryDraft(
  value: RecoveryKeyDraft | null,
  t: (key: string, options?: Record<string, unknown>) => string,
): RecoveryErrors {
  if (!value) return {};
  const errors: RecoveryErrors = {};
  if (!value.xpub.trim()) errors.xpub = t('create.recovery.required');
  if (!value.fingerprint.trim()) errors.fingerprint = t('create.recovery.required');
  if (!value.path.trim()) errors.path = t('create.recovery.required');
  if (
    !Number.isInteger(value.blocks) ||
    value.blocks < TIMELOCK_RECOVERY_BLOCKS.min ||
    value.blocks > TIMELOCK_RECOVERY_BLOCKS.max
  )
    errors.blocks = t('create.recovery.blocksRange', {
      min: TIMELOCK_RECOVERY_BLOCKS.min,
      max: TIMELOCK_RECOVERY_BLOCKS.max,
    });
  return errors;
}
