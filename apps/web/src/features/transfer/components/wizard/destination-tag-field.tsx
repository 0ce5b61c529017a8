import { Form, Input, Typography } from 'antd';
import { isXrpXAddress } from '@/lib/xrp-address';
import { useLazyTranslation } from '@/lib/use-namespace';

/**
 * XRP: the destination tag an exchange or custodian needs to credit the right customer (optional;
 * an X-address carries its own, and a different one here is refused), and the rule that one XRP
 * transfer per wallet is under way at a time (each holds the account's next sequence).
 */
export function DestinationTagField(props: {
  value: string;
  to: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const xAddress = isXrpXAddress(props.to);
  return (
    <Form.Item
      label={t('xrp.destinationTag')}
      validateStatus={props.error ? 'error' : undefined}
      help={props.error}
      extra={
        <span data-testid="destination-tag-hint">
          {xAddress ? t('xrp.tagInXAddress') : t('xrp.tagHint')}
          <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="xrp-one-at-a-time">
            {t('xrp.oneAtATime')}
          </Typography.Text>
        </span>
      }
    >
      <Input
        id="transfer-destination-tag"
        value={props.value}
        inputMode="numeric"
        maxLength={10}
        placeholder={t('xrp.tagPlaceholder')}
        onChange={(event) => props.onChange(event.target.value.trim())}
        style={{ maxWidth: 240 }}
      />
    </Form.Item>
  );
}
