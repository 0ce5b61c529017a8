import { Form, Input, Radio } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { EXCHANGE_IDS, ExchangeName } from '../exchange-bits';
import { PASSPHRASE_EXCHANGES } from '../passphrase';
import { IpWhitelistField } from './ip-whitelist-field';

const noAutofill = { autoComplete: 'off', spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' };

/**
 * The wizard's first step (§3 exchange API input): which exchange, the key, its secret, a
 * passphrase where the exchange has one, what the key may do, the account mode and the IP
 * whitelist. Secrets are typed into password fields and are never shown again once added.
 */
export function CredentialsForm({ exchange }: { exchange: string | undefined }) {
  const { t } = useLazyTranslation('exchange');
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  return (
    <>
      <Form.Item
        name="exchange"
        label={t('form.exchange')}
        rules={[{ required: true, message: t('form.exchangeRequired') }]}
      >
        <Radio.Group
          optionType="button"
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
          data-testid="exchange-choose"
          options={EXCHANGE_IDS.map((id) => ({
            value: id,
            label: <ExchangeName id={id} />,
            style: { borderRadius: 6, borderInlineStartWidth: 1 },
          }))}
        />
      </Form.Item>
      <Form.Item
        name="api_key"
        label={t('form.apiKey')}
        rules={[...required(t('form.apiKeyRequired')), { max: 512, message: t('form.tooLong') }]}
      >
        <Input {...noAutofill} data-testid="exchange-api-key-input" />
      </Form.Item>
      <Form.Item
        name="secret"
        label={t('form.secret')}
        extra={t('form.secretHint')}
        rules={[...required(t('form.secretRequired')), { max: 4096, message: t('form.tooLong') }]}
      >
        <Input.Password autoComplete="new-password" data-testid="exchange-secret-input" />
      </Form.Item>
      {exchange && PASSPHRASE_EXCHANGES.includes(exchange) ? (
        <Form.Item
          name="passphrase"
          label={t('form.passphrase')}
          extra={t('form.passphraseHint')}
          rules={[...required(t('form.passphraseRequired')), { max: 256, message: t('form.tooLong') }]}
        >
          <Input.Password autoComplete="new-password" data-testid="exchange-passphrase-input" />
        </Form.Item>
      ) : null}
      <Form.Item name="api_key_type" label={t('form.keyKind')} extra={t('form.keyKindHint')}>
        <Radio.Group data-testid="exchange-key-kind-choose">
          {[1, 2, 3].map((kind) => (
            <Radio key={kind} value={kind} data-testid={`exchange-key-kind-${kind}`}>
              {t(`keyKind.${kind}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="account_mode" label={t('form.accountMode')} extra={t('form.accountModeHint')}>
        <Radio.Group data-testid="exchange-account-mode">
          <Radio value="classic">{t('accountMode.classic')}</Radio>
          <Radio value="unified">{t('accountMode.unified')}</Radio>
        </Radio.Group>
      </Form.Item>
      <IpWhitelistField />
    </>
  );
}
