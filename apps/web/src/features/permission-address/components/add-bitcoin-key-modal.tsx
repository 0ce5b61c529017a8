import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select, Space } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '@/features/platform';
import { useChains } from '@/features/wallet';
import { trimStart } from '@/lib/validation';
import { showErrorToast } from '@/lib/notify';
import { exchangeByQr } from '@/lib/qr-signing/qr-exchange';
import { isWalletError, showWalletError } from '@/lib/wallet-connectors';
import { addBitcoinKey, fetchDevnetKeys, type BitcoinKeyInput } from '../api/bitcoin-keys';
import { signerAddressesKey } from '../api/list-signer-addresses';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } as const;

/** Add a Bitcoin-family signer key: the account xpub with its master fingerprint and path (BIP-48); verification follows. */
export function AddBitcoinKeyModal(props: {
  open: boolean;
  onClose: () => void;
  onAdded: (id: number) => void;
}) {
  const { t } = useTranslation('wallets');
  const [form] = Form.useForm<BitcoinKeyInput>();
  const client = useQueryClient();
  const chains = (useChains().data?.list ?? []).filter((chain) => chain.family === 'BTC');
  const config = useWebConfig();
  const [busy, setBusy] = useState(false);
  const [devKey, setDevKey] = useState(1);
  const chainKey = Form.useWatch('chain_key', form);
  const firstChain = chains[0]?.chain_id;
  useEffect(() => {
    if (firstChain && !form.getFieldValue('chain_key')) form.setFieldValue('chain_key', firstChain);
  }, [firstChain, form]);
  const devnet = Boolean(config.data?.dev_mode && chainKey?.endsWith('-regtest'));

  const fillDevnet = async () => {
    const keys = await fetchDevnetKeys(chainKey);
    const key = keys.list.find((k) => k.index === devKey)!;
    form.setFieldsValue({
      xpub: key.xpub,
      fingerprint: key.fingerprint,
      path: key.path,
      name: form.getFieldValue('name') || `Devnet key ${devKey}`,
    });
  };

  /** The key read from the device's export QR (Sparrow, Keystone, Passport, Jade). */
  const fillFromDevice = async () => {
    try {
      const reply = await exchangeByQr({
        title: t('signer.btc.scanTitle'),
        frames: [],
        expect: ['crypto-hdkey', 'crypto-account'],
      });
      const { bitcoinKeyFromUr } = await import('@/lib/qr-signing/ur-codec');
      const network = /-(regtest|testnet|test)$/.test(chainKey ?? '') ? 'test' : 'main';
      form.setFieldsValue(bitcoinKeyFromUr(reply, network));
    } catch (error) {
      if (!isWalletError(error, 'wallet_user_reject')) void showWalletError(error);
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const reply = await addBitcoinKey({
        ...values,
        name: values.name.trim(),
        description: values.description?.trim() || undefined,
      });
      await client.invalidateQueries({ queryKey: signerAddressesKey });
      form.resetFields();
      props.onAdded(reply.id);
    } catch (error) {
      void showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={t('signer.btc.addTitle')}
      onCancel={props.onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('signer.add.submit')}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'btc-key-add-submit' } as never}
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="name"
          label={t('signer.fields.name')}
          getValueFromEvent={trimStart}
          rules={[
            { required: true, whitespace: true, message: t('validation.nameRequired') },
            { max: 30, message: t('validation.nameMax', { max: 30 }) },
          ]}
        >
          <Input maxLength={30} id="btc-key-name" />
        </Form.Item>
        <Form.Item
          name="chain_key"
          label={t('fields.chain')}
          rules={[{ required: true, message: t('validation.chainRequired') }]}
        >
          <Select
            id="btc-key-chain"
            options={chains.map((chain) => ({ value: chain.chain_id, label: chain.name }))}
          />
        </Form.Item>
        <Button
          icon={<QrcodeOutlined />}
          style={{ marginBottom: 16 }}
          onClick={() => void fillFromDevice()}
          data-testid="btc-key-scan"
        >
          {t('signer.btc.scan')}
        </Button>
        {devnet ? (
          <Space wrap style={{ marginBottom: 16 }} data-testid="btc-key-devnet">
            <Select
              value={devKey}
              onChange={setDevKey}
              style={{ width: 90 }}
              options={Array.from({ length: 9 }, (_, i) => ({ value: i + 1, label: `#${i + 1}` }))}
            />
            <Button
              onClick={() => void fillDevnet().catch((error: unknown) => showErrorToast(error))}
              data-testid="btc-key-devnet-fill"
            >
              {t('signer.btc.useDevnet')}
            </Button>
          </Space>
        ) : null}
        <Form.Item
          name="xpub"
          label={t('signer.btc.xpub')}
          extra={t('signer.btc.xpubHint')}
          getValueFromEvent={(event: { target: { value: string } }) => event.target.value.trim()}
          rules={[{ required: true, message: t('validation.addressRequired') }]}
        >
          <Input.TextArea id="btc-key-xpub" rows={2} style={MONO} placeholder="xpub… / tpub… / Zpub…" />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item
            name="fingerprint"
            label={t('signer.btc.fingerprint')}
            rules={[
              { required: true, pattern: /^[0-9a-fA-F]{8}$/, message: t('signer.btc.fingerprintFormat') },
            ]}
          >
            <Input
              id="btc-key-fingerprint"
              style={{ ...MONO, width: 140 }}
              maxLength={8}
              placeholder="0a1b2c3d"
            />
          </Form.Item>
          <Form.Item
            name="path"
            label={t('signer.btc.path')}
            rules={[{ required: true, message: t('signer.btc.pathRequired') }]}
          >
            <Input id="btc-key-path" style={{ ...MONO, width: 200 }} placeholder="m/48'/1'/0'/2'" />
          </Form.Item>
        </Space>
        <Form.Item
          name="description"
          label={t('signer.fields.description')}
          rules={[{ max: 99, message: t('validation.remarkMax', { max: 99 }) }]}
        >
          <Input.TextArea maxLength={99} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
