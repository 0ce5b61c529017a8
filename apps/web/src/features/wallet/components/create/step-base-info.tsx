import { useEffect } from 'react';
import { Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrganizationBaseInfo } from '@/features/organization';
import { isTrialSpace } from '@keystead/contract/enums';
import { useSelectedSpaceId } from '@/lib/space';
import { trimStart } from '@/lib/validation';
import { useChains } from '../../api/list-chains';
import type { StepProps } from './draft';
import { ExistingWalletHint } from './existing-wallet-hint';
import { FamilyTypeField } from '../family-type';
import { StepActions } from './step-actions';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Step 2: name, remark, chain (and the address for an import). */
export function StepBaseInfo({ draft, onBack, onNext }: StepProps) {
  const { t } = useTranslation('wallets');
  const [form] = Form.useForm<{
    name: string;
    remark?: string;
    chain_key: string;
    address?: string;
    family_address_type?: 3 | 4 | 5;
  }>();
  const chains = useChains();
  const space = useOrganizationBaseInfo(useSelectedSpaceId()).data;
  // A full space uses testnets (e.g. Tron Nile) only with its testnet switch on; said here, not after Review.
  const testnetOff = Boolean(space && !space.is_open_testnet && !isTrialSpace(space.type));
  // §1 a family space (kind 2): its wallets say what they are for.
  const family = space?.kind === 2;
  const chainKey = Form.useWatch('chain_key', form);
  const address = Form.useWatch('address', form);
  const evm = (chains.data?.list ?? []).filter((chain) => chain.family === 'EVM');
  // Multisig wallets may also be Bitcoin-family (descriptor wallets of verified xpubs), Tron or
  // XRP (an account handed to weighted keys), or Solana (a Squads multisig the fee payer creates).
  const multiOnly = ['BTC', 'TRX', 'XRP', 'SOL'];
  const choices = [
    ...evm,
    ...(draft.kind === 'multi'
      ? (chains.data?.list ?? []).filter((chain) => multiOnly.includes(chain.family))
      : []),
  ];
  // The first EVM chain is the default once the list has arrived.
  const firstChain = evm[0]?.chain_id;
  useEffect(() => {
    if (firstChain && !form.getFieldValue('chain_key')) form.setFieldValue('chain_key', firstChain);
  }, [firstChain, form]);
  const next = async () => {
    const values = await form.validateFields();
    onNext({
      name: values.name.trim(),
      remark: values.remark?.trim() || undefined,
      chain_key: values.chain_key,
      address: values.address?.trim() ?? '',
      family_address_type: family ? (values.family_address_type ?? 4) : undefined,
    });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 560 }}
      initialValues={{
        name: draft.name,
        remark: draft.remark,
        chain_key: draft.chain_key || undefined,
        address: draft.address,
        family_address_type: draft.family_address_type ?? 4,
      }}
    >
      <Form.Item
        name="name"
        label={t('fields.name')}
        getValueFromEvent={trimStart}
        rules={[
          { required: true, whitespace: true, message: t('validation.nameRequired') },
          { max: 30, message: t('validation.nameMax', { max: 30 }) },
        ]}
      >
        <Input id="wallet-name" maxLength={30} placeholder={t('fields.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="chain_key"
        label={t('fields.chain')}
        rules={[
          { required: true, message: t('validation.chainRequired') },
          {
            validator: (_rule, value: string | undefined) => {
              const chain = choices.find((item) => item.chain_id === value);
              return testnetOff && chain?.testnet && !chain.devnet
                ? Promise.reject(new Error(t('validation.testnetOff')))
                : Promise.resolve();
            },
          },
        ]}
      >
        <Select
          id="wallet-chain"
          loading={chains.isPending}
          data-testid="wallet-chain"
          options={choices.map((chain) => ({
            value: chain.chain_id,
            label: (
              <span>
                {chain.name} <span style={{ color: 'rgba(0,0,0,0.6)' }}>· {chain.symbol}</span>{' '}
                {chain.devnet ? (
                  <Tag color="purple">{t('chain.devnet')}</Tag>
                ) : chain.testnet ? (
                  <Tag>{t('chain.testnet')}</Tag>
                ) : null}
              </span>
            ),
          }))}
        />
      </Form.Item>
      {draft.kind === 'single' ? (
        <Form.Item
          name="address"
          label={t('fields.address')}
          extra={t('create.single.addressHint')}
          getValueFromEvent={(event: { target: { value: string } }) => event.target.value.trim()}
          rules={[
            { required: true, message: t('validation.addressRequired') },
            { pattern: EVM_ADDRESS, message: t('validation.addressFormat') },
          ]}
        >
          <Input id="wallet-address" placeholder="0x…" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      ) : null}
      {draft.kind === 'single' ? <ExistingWalletHint chainKey={chainKey} address={address} /> : null}
      {family ? <FamilyTypeField /> : null}
      <Form.Item
        name="remark"
        label={t('fields.remark')}
        rules={[{ max: 99, message: t('validation.remarkMax', { max: 99 }) }]}
      >
        <Input.TextArea id="wallet-remark" rows={2} maxLength={99} />
      </Form.Item>
      <StepActions onBack={onBack} onNext={() => void next().catch(() => undefined)} />
    </Form>
  );
}
