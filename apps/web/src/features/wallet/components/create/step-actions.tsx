import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export function StepActions(props: {
  onBack?: () => void;
  onNext: () => void;
  nextText?: string;
  loading?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('wallets');
  return (
    <Space style={{ marginTop: 8 }} wrap>
      {props.onBack ? <Button onClick={props.onBack}>{t('create.back')}</Button> : null}
      <Button
        type="primary"
        onClick={props.onNext}
        loading={props.loading}
        data-testid={props.testId ?? 'wizard-next'}
      >
        {props.nextText ?? t('create.next')}
      </Button>
    </Space>
  );
}
