import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Radio,
  Result,
  Space,
  Typography,
  Upload,
} from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { isApiError } from '@/lib/api-client';
import { showErrorToast } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { timelockRecoveryKey } from '../../../api/get-timelock-recovery';
import { prepareSweep, submitSweep, type SweepPrepared } from '../../../api/recovery-sweep';
import { satToCoin } from '../../../timelock-recovery';
import { MONO } from '../../wallet-bits';
import { downloadPsbt, readPsbtFile } from '@/lib/psbt-file';

const TIERS = ['slow', 'standard', 'fast'] as const;

/** A refusal to say in the card (the server's own words); null for a failure that is toasted. */
const refusal = (error: unknown): string | null =>
  isApiError(error) && !error.isNetwork ? error.message : null;

/** A network failure has no words of the server's: toasted once, when it happens. */
const toastUnlessRefused = (error: unknown) => {
  if (refusal(error) === null) void showErrorToast(error);
};

/**
 * The recovery key's holder sweeps every matured coin: Prepare gives the unsigned PSBT to sign
 * offline with that key (not finalized); the signed PSBT pasted or uploaded here is checked,
 * finalized and broadcast by the server.
 */
export function RecoverySweep(props: {
  walletId: number;
  symbol: string;
  /** Blocks until the youngest-to-mature coin may be swept (null: no coin waits). */
  nextInBlocks: number | null;
}) {
  const { walletId, symbol } = props;
  const { t } = useLazyTranslation('recovery');
  const client = useQueryClient();
  const [to, setTo] = useState('');
  const [tier, setTier] = useState<(typeof TIERS)[number]>('standard');
  const [signed, setSigned] = useState('');
  const coin = (sat: string) => `${satToCoin(sat)} ${symbol}`.trim();
  const prepare = useMutation({
    mutationFn: () => prepareSweep({ wallet_id: walletId, to: to.trim(), fee_tier: tier }),
    meta: { silent: true },
    onError: toastUnlessRefused,
  });
  const submit = useMutation({
    mutationFn: () => submitSweep({ wallet_id: walletId, psbt: signed.trim() }),
    meta: { silent: true },
    onError: toastUnlessRefused,
    onSuccess: () => client.invalidateQueries({ queryKey: timelockRecoveryKey(walletId) }),
  });
  const prepared: SweepPrepared | undefined = prepare.data;
  const prepareRefusal = prepare.isError ? refusal(prepare.error) : null;
  const submitRefusal = submit.isError ? refusal(submit.error) : null;

  if (submit.data)
    return (
      <Card title={t('timelock.sweep.title')}>
        {/* Result passes no data attributes on: the test id is on a wrapper. */}
        <div data-testid="sweep-done">
          <Result
            status="success"
            title={t('timelock.sweep.doneTitle')}
            subTitle={t('timelock.sweep.doneHint', {
              amount: coin(submit.data.outputs[0]?.value_sat ?? '0'),
              to: submit.data.outputs[0]?.to ?? '',
            })}
            extra={
              <Typography.Text copyable style={{ ...MONO, wordBreak: 'break-all' }} data-testid="sweep-txid">
                {submit.data.txid}
              </Typography.Text>
            }
          />
        </div>
      </Card>
    );

  return (
    <Card title={t('timelock.sweep.title')} data-testid="sweep-card">
      <Typography.Paragraph type="secondary">{t('timelock.sweep.intro')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label={t('timelock.sweep.to')} required>
          <Input
            id="sweep-to"
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
              prepare.reset();
            }}
            style={MONO}
          />
        </Form.Item>
        <Form.Item label={t('timelock.sweep.fee')}>
          <Radio.Group
            value={tier}
            onChange={(event) => {
              setTier(event.target.value as (typeof TIERS)[number]);
              prepare.reset();
            }}
            optionType="button"
            options={TIERS.map((value) => ({ value, label: t(`timelock.sweep.tier.${value}`) }))}
          />
        </Form.Item>
      </Form>
      <Button
        type={prepared ? 'default' : 'primary'}
        disabled={!to.trim()}
        loading={prepare.isPending}
        onClick={() => prepare.mutate()}
        data-testid="sweep-prepare"
      >
        {t('timelock.sweep.prepare')}
      </Button>
      {prepareRefusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={prepareRefusal}
          description={
            // The catalogue's words are the Safe's; here a coin simply is not old enough yet.
            isApiError(prepare.error, 'WALLET_RECOVERY_DELAY_ERROR') && props.nextInBlocks
              ? t('timelock.sweep.notYet', { count: props.nextInBlocks })
              : undefined
          }
          style={{ marginTop: 12 }}
          data-testid="sweep-prepare-error"
        />
      ) : null}
      {prepared ? (
        <Space direction="vertical" size={12} style={{ width: '100%', marginTop: 16 }}>
          <Descriptions bordered column={1} size="small" data-testid="sweep-summary">
            <Descriptions.Item label={t('timelock.sweep.amount')}>
              {coin(prepared.amount_sat)} → <span style={MONO}>{prepared.to}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('timelock.sweep.feeLine')}>
              {t('timelock.sweep.feeValue', {
                fee: coin(prepared.fee_sat),
                rate: prepared.fee_rate,
                vsize: prepared.vsize,
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('timelock.sweep.inputs', { count: prepared.inputs.length })}>
              {prepared.inputs.map((input) => (
                <div key={input.outpoint} style={{ ...MONO, wordBreak: 'break-all' }}>
                  {input.outpoint} · {coin(input.value_sat)}
                </div>
              ))}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text strong>{t('timelock.sweep.unsigned')}</Typography.Text>
          <Typography.Text type="secondary">{t('timelock.sweep.signHint')}</Typography.Text>
          <Input.TextArea readOnly rows={4} value={prepared.psbt} style={MONO} data-testid="sweep-psbt" />
          <Space wrap>
            <Typography.Text copyable={{ text: prepared.psbt }}>{t('timelock.sweep.copy')}</Typography.Text>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadPsbt(prepared.psbt, `sweep-${walletId}.psbt`)}
            >
              {t('timelock.sweep.download')}
            </Button>
          </Space>
          <Typography.Text strong>{t('timelock.sweep.signed')}</Typography.Text>
          <Input.TextArea
            id="sweep-signed"
            rows={4}
            value={signed}
            onChange={(event) => {
              setSigned(event.target.value);
              submit.reset();
            }}
            placeholder={t('timelock.sweep.signedPlaceholder')}
            style={MONO}
          />
          <Space wrap>
            <Upload
              accept=".psbt,.txt"
              showUploadList={false}
              beforeUpload={(file) => {
                void readPsbtFile(file).then((text) => {
                  setSigned(text);
                  submit.reset();
                });
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('timelock.sweep.upload')}</Button>
            </Upload>
            <Button
              type="primary"
              disabled={!signed.trim()}
              loading={submit.isPending}
              onClick={() => submit.mutate()}
              data-testid="sweep-broadcast"
            >
              {t('timelock.sweep.broadcast')}
            </Button>
          </Space>
          {submitRefusal ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              message={submitRefusal}
              data-testid="sweep-submit-error"
            />
          ) : null}
        </Space>
      ) : null}
    </Card>
  );
}
