import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Input, InputNumber, List, Select, Space, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, QrcodeOutlined, UploadOutlined } from '@ant-design/icons';
import { useWebConfig } from '@/features/platform';
import { toastSuccess } from '@/lib/notify';
import { exchangeByQr } from '@/lib/qr-signing/qr-exchange';
import { isWalletError, showWalletError } from '@/lib/wallet-connectors';
import { broadcastPsbt, devnetSignPsbt, signPsbt, speedUpPsbt } from '../../api/psbt-actions';
import { useTaskAction } from '../../api/task-actions';
import type { BitcoinTaskInfo } from '../../api/types';
import { downloadPsbt, readPsbtFile } from '@/lib/psbt-file';
import { useLazyTranslation } from '@/lib/use-namespace';
import { personName, type WalletDetail } from '@/features/wallet';
import { outputRows } from './utxo-tx-card';
import { PsbtDeviceSign } from './psbt-device-sign';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

/**
 * Bitcoin-family signing and sending: the PSBT to download for Sparrow, Electrum or a hardware
 * wallet, the signed PSBT to upload (or paste), the devnet signer in dev mode; then the broadcast
 * (the server finalizes and relays) and, while unconfirmed, a replace-by-fee speed-up.
 */
export function PsbtCard(props: {
  task: BitcoinTaskInfo;
  wallet: WalletDetail | undefined;
  userId: number | undefined;
  mayBroadcast: boolean;
}) {
  const { t } = useLazyTranslation('transfer');
  const navigate = useNavigate();
  const { task } = props;
  const config = useWebConfig();
  const [pasted, setPasted] = useState('');
  const [devKey, setDevKey] = useState(1);
  const [rate, setRate] = useState<number | null>(null);
  const sign = useTaskAction(signPsbt);
  const devSign = useTaskAction(async (index: number) =>
    signPsbt({
      task_id: task.task_id,
      psbt: (await devnetSignPsbt({ chain_key: task.chain_id ?? '', index, psbt: task.psbt! })).psbt,
    }),
  );
  const broadcast = useTaskAction(broadcastPsbt);
  const speedUp = useTaskAction(speedUpPsbt);
  const signedKeys = new Set(task.signatures.map((s) => s.signer));
  const signers = props.wallet?.signers ?? [];
  const mine = signers.filter((person) => person.user_id === props.userId && !signedKeys.has(person.address));
  const devnet = Boolean(config.data?.dev_mode && task.chain_id?.endsWith('-regtest'));
  const signing = task.status === 3 && task.psbt;
  // The signer's registered key (xpub, fingerprint, path) is what a hardware wallet signs with.
  const signerKey = mine
    .map((person) => task.signing_keys?.find((k) => k.xpub === person.address))
    .find(Boolean);

  /** What the signer's device must show for this PSBT: every output and the fee. */
  const psbtDetails = () => {
    const symbol = task.symbol ?? '';
    const lines = outputRows(task).map((row) => ({
      label: `${row.amount} ${symbol}${row.change ? ` · ${t('utxo.change')}` : ''}`,
      value: row.address,
    }));
    if (task.fee) lines.push({ label: t('fields.fee'), value: `${task.fee} ${symbol}` });
    return lines;
  };

  /** The PSBT as animated `crypto-psbt` QR codes; the signed one read back from the signer's screen. */
  const signByQr = async () => {
    let signed: string;
    try {
      const { psbtFromUr, psbtToUr, urFrames } = await import('@/lib/qr-signing/ur-codec');
      const reply = await exchangeByQr({
        title: t('psbt.qrTitle'),
        frames: urFrames(psbtToUr(task.psbt!)),
        expect: ['crypto-psbt'],
        details: psbtDetails(),
      });
      signed = psbtFromUr(reply);
    } catch (error) {
      if (!isWalletError(error, 'wallet_user_reject')) void showWalletError(error);
      return;
    }
    // The platform verifies the signatures; a refusal is toasted by the sign action.
    await submit(signed).catch(() => undefined);
  };

  const submit = async (psbt: string) => {
    if (!psbt) return;
    await sign.mutateAsync({ task_id: task.task_id, psbt });
    setPasted('');
    toastSuccess(t('signature.done'));
  };

  return (
    <Card
      size="small"
      title={t('psbt.title')}
      extra={
        <Typography.Text type="secondary">
          {t('signature.progress', {
            signed: task.signatures.length,
            threshold: task.signing_threshold ?? 0,
          })}
        </Typography.Text>
      }
      data-testid="psbt-card"
    >
      <List
        size="small"
        dataSource={signers}
        renderItem={(person) => {
          const done = signedKeys.has(person.address);
          const key = task.signing_keys?.find((k) => k.xpub === person.address);
          return (
            <List.Item style={{ flexWrap: 'wrap', gap: 4 }}>
              <div style={{ minWidth: 0 }}>
                <Typography.Text>{personName(person)}</Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={MONO}>
                    {key ? `[${key.fingerprint}${key.path.replace(/^m/, '')}]` : ''}{' '}
                    {person.address.slice(0, 12)}…{person.address.slice(-6)}
                  </Typography.Text>
                </div>
              </div>
              <Tag color={done ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
                {done
                  ? t('signature.signed')
                  : task.status === 3 || task.status === 0
                    ? t('signature.toSign')
                    : t('signature.notNeeded')}
              </Tag>
            </List.Item>
          );
        }}
      />
      {task.fee_rate !== undefined && task.fee_rate !== null ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="psbt-fee">
          {t('psbt.fee', {
            fee: task.fee ?? '',
            symbol: task.symbol ?? '',
            rate: task.fee_rate,
            vsize: task.vsize ?? 0,
          })}
        </Typography.Paragraph>
      ) : null}
      {signing ? (
        <Space direction="vertical" style={{ width: '100%', marginTop: 8 }} data-testid="psbt-sign-form">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('psbt.hint')}
          </Typography.Paragraph>
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadPsbt(task.psbt!, `${task.task_number}.psbt`)}
              data-testid="psbt-download"
            >
              {t('psbt.download')}
            </Button>
            {mine.length > 0 ? (
              <Button icon={<QrcodeOutlined />} onClick={() => void signByQr()} data-testid="psbt-qr-sign">
                {t('psbt.qrSign')}
              </Button>
            ) : null}
            {signerKey ? <PsbtDeviceSign task={task} signerKey={signerKey} submit={submit} /> : null}
            {mine.length > 0 ? (
              <Upload
                accept=".psbt,.txt"
                showUploadList={false}
                beforeUpload={(file) => {
                  void readPsbtFile(file).then(submit);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={sign.isPending} data-testid="psbt-upload">
                  {t('psbt.upload')}
                </Button>
              </Upload>
            ) : null}
          </Space>
          {mine.length > 0 ? (
            <>
              <Input.TextArea
                rows={3}
                value={pasted}
                onChange={(event) => setPasted(event.target.value.trim())}
                placeholder={t('psbt.pastePlaceholder')}
                style={MONO}
                data-testid="psbt-paste"
              />
              <Button
                type="primary"
                disabled={!pasted}
                loading={sign.isPending}
                onClick={() => void submit(pasted)}
                data-testid="psbt-submit"
              >
                {t('psbt.submit')}
              </Button>
            </>
          ) : null}
          {devnet && mine.length > 0 ? (
            <Space wrap data-testid="psbt-devnet-signer">
              <Typography.Text type="secondary">{t('psbt.devnetSigner')}</Typography.Text>
              <Select
                value={devKey}
                onChange={setDevKey}
                style={{ width: 90 }}
                options={Array.from({ length: 9 }, (_, i) => ({ value: i + 1, label: `#${i + 1}` }))}
              />
              <Button
                loading={devSign.isPending}
                onClick={() => void devSign.mutateAsync(devKey).then(() => toastSuccess(t('signature.done')))}
                data-testid="psbt-devnet-sign"
              >
                {t('psbt.devnetSign')}
              </Button>
            </Space>
          ) : null}
        </Space>
      ) : null}
      {task.status === 5 && props.mayBroadcast ? (
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          loading={broadcast.isPending}
          onClick={() =>
            void broadcast.mutateAsync({ task_id: task.task_id }).then(() => toastSuccess(t('psbt.sent')))
          }
          data-testid="psbt-broadcast"
        >
          {t('broadcast.broadcast')}
        </Button>
      ) : null}
      {task.status === 6 && props.mayBroadcast && !task.replaced_by ? (
        <Space wrap style={{ marginTop: 12 }} data-testid="psbt-speed-up">
          <Typography.Text type="secondary">{t('psbt.speedUpHint')}</Typography.Text>
          <InputNumber
            min={1}
            step={1}
            value={rate}
            onChange={setRate}
            addonAfter="sat/vB"
            style={{ width: 160 }}
          />
          <Button
            disabled={!rate}
            loading={speedUp.isPending}
            onClick={() =>
              void speedUp
                .mutateAsync({ task_id: task.task_id, fee_tier: 'custom', custom_fee_rate: String(rate) })
                .then((created) => navigate(`/task/detail/${created.task_id}`))
            }
          >
            {t('psbt.speedUp')}
          </Button>
        </Space>
      ) : null}
      {task.replaced_by ? (
        <Typography.Paragraph style={{ marginTop: 12 }}>
          <Link to={`/task/detail/${task.replaced_by.task_id}`}>{t('psbt.replacedBy')}</Link>
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
