import { useCallback, useState } from 'react';
import { Button, Form, Input, Modal, Select } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConnectSigner, type SignerConnection } from '@/features/wallet';
import { isTronAddress } from '@/lib/tron-address';
import { isXrpClassicAddress } from '@/lib/xrp-address';
import { isSolanaAddress } from '@/lib/solana-address';
import { trimStart } from '@/lib/validation';
import { showWalletError, solanaWallet, tronLink } from '@/lib/wallet-connectors';
import { useAddSignerAddress, type AddSignerInput } from '../api/add-signer-address';

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

interface Values {
  name: string;
  address: string;
  family: AddSignerInput['family'];
  description?: string;
}

/** Checked here before the server is asked: the family's own spelling with its checksum. */
const ACCOUNT_CHECK = { TRX: isTronAddress, XRP: isXrpClassicAddress, SOL: isSolanaAddress } as const;
const FORMAT_MESSAGE = { TRX: 'tron', XRP: 'xrp', SOL: 'sol' } as const;
const PLACEHOLDER = { EVM: '0x…', TRX: 'T…', XRP: 'r…', SOL: 'base58…' } as const;

/**
 * Add a signer address (EVM, Tron, XRP or Solana): typed, or taken from a connected wallet (XRP
 * has no browser wallet: typed only); verification follows.
 */
export function AddSignerModal(props: { open: boolean; onClose: () => void; onAdded: (id: number) => void }) {
  const { t } = useTranslation('wallets');
  const [form] = Form.useForm<Values>();
  const add = useAddSignerAddress();
  const [useConnected, setUseConnected] = useState(false);
  // Where the connected account came from; a typed address is a browser wallet's.
  const [origin, setOrigin] = useState<Pick<AddSignerInput, 'address' | 'source' | 'path'> | null>(null);
  const family = Form.useWatch('family', form) ?? 'EVM';
  const tron = family === 'TRX';
  const accountCheck = family === 'EVM' ? null : ACCOUNT_CHECK[family];

  const onConnection = useCallback(
    (connection: SignerConnection | null) => {
      if (!connection) return;
      form.setFieldValue('address', connection.account);
      const id = connection.connector.id;
      setOrigin({
        address: connection.account,
        source: id === 'injected' ? 'browser' : id,
        path: connection.connector.accountLabel?.(connection.account),
      });
    },
    [form],
  );

  const submit = async () => {
    const values = await form.validateFields();
    const reply = await add.mutateAsync({
      name: values.name.trim(),
      address: values.address.trim(),
      family: values.family,
      description: values.description?.trim() || undefined,
      ...(origin && origin.address.toLowerCase() === values.address.trim().toLowerCase()
        ? { source: origin.source, path: origin.path }
        : { source: 'browser' }),
    });
    form.resetFields();
    setUseConnected(false);
    setOrigin(null);
    props.onAdded(reply.id);
  };

  return (
    <Modal
      open={props.open}
      title={t('signer.add.title')}
      onCancel={props.onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('signer.add.submit')}
      confirmLoading={add.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'signer-add-submit' } as never}
    >
      <Form form={form} layout="vertical" initialValues={{ family: 'EVM' }} requiredMark={false}>
        <Form.Item
          name="name"
          label={t('signer.fields.name')}
          getValueFromEvent={trimStart}
          rules={[
            { required: true, whitespace: true, message: t('validation.nameRequired') },
            { max: 30, message: t('validation.nameMax', { max: 30 }) },
          ]}
        >
          <Input maxLength={30} id="signer-name" placeholder={t('signer.fields.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="family" label={t('signer.fields.family')}>
          <Select
            id="signer-family"
            data-testid="signer-family"
            onChange={() => {
              setUseConnected(false);
              form.setFieldValue('address', '');
            }}
            options={[
              { value: 'EVM', label: t('signer.familyEvm') },
              { value: 'TRX', label: t('signer.familyTrx') },
              { value: 'XRP', label: t('signer.familyXrp') },
              { value: 'SOL', label: t('signer.familySol') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('signer.fields.address')}
          getValueFromEvent={(event: { target: { value: string } }) => event.target.value.trim()}
          rules={[
            { required: true, message: t('validation.addressRequired') },
            accountCheck
              ? {
                  validator: (_rule, value: string) =>
                    !value || accountCheck(value)
                      ? Promise.resolve()
                      : Promise.reject(
                          new Error(
                            t(
                              `validation.${FORMAT_MESSAGE[family as keyof typeof FORMAT_MESSAGE]}AddressFormat`,
                            ),
                          ),
                        ),
                }
              : { pattern: EVM_ADDRESS, message: t('validation.addressFormat') },
          ]}
          extra={
            tron ? (
              <Button
                type="link"
                size="small"
                icon={<LinkOutlined />}
                style={{ paddingInline: 0 }}
                onClick={() =>
                  void tronLink.connect().then((account) => {
                    form.setFieldValue('address', account);
                    void form.validateFields(['address']).catch(() => undefined);
                  }, showWalletError)
                }
                data-testid="signer-use-tronlink"
              >
                {t('signer.add.useTronLink')}
              </Button>
            ) : family === 'XRP' ? (
              t('signer.xrp.addHint')
            ) : family === 'SOL' ? (
              <span>
                {t('signer.sol.addHint')}{' '}
                {solanaWallet.available() ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<LinkOutlined />}
                    style={{ paddingInline: 0 }}
                    onClick={() =>
                      void solanaWallet.connect().then((account) => {
                        form.setFieldValue('address', account);
                        void form.validateFields(['address']).catch(() => undefined);
                      }, showWalletError)
                    }
                    data-testid="signer-use-solana-wallet"
                  >
                    {t('signer.sol.useWallet')}
                  </Button>
                ) : null}
              </span>
            ) : useConnected ? null : (
              <Button
                type="link"
                size="small"
                icon={<LinkOutlined />}
                style={{ paddingInline: 0 }}
                onClick={() => setUseConnected(true)}
                data-testid="signer-use-connected"
              >
                {t('signer.add.useConnected')}
              </Button>
            )
          }
        >
          <Input id="signer-address" placeholder={PLACEHOLDER[family]} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        {useConnected && family === 'EVM' ? (
          <div style={{ marginBottom: 16, padding: 12, background: '#f6f8fc', borderRadius: 8 }}>
            <ConnectSigner onChange={onConnection} />
          </div>
        ) : null}
        <Form.Item
          name="description"
          label={t('signer.fields.description')}
          rules={[{ max: 99, message: t('validation.remarkMax', { max: 99 }) }]}
        >
          <Input.TextArea maxLength={99} rows={2} id="signer-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
