import { Button, Space } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';

export function WizardActions(props: {
  onBack?: () => void;
  onNext: () => void;
  nextText?: string;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useLazyTranslation('transfer');
  return (
    <Space style={{ marginTop: 16 }} wrap>
      {props.onBack ? <Button onClick={props.onBack}>{t('wizard.back')}</Button> : null}
      <Button
        type="primary"
        onClick={props.onNext}
        loading={props.loading}
        disabled={props.disabled}
        data-testid={props.testId ?? 'transfer-next'}
      >
        {props.nextText ?? t('wizard.next')}
      </Button>
    </Space>
  );
}
