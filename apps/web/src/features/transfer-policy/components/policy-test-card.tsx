import { Alert, Button, Card, Form, Input, List, Select, Space, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { isApiError } from '@/lib/api-client';
import { usePolicyTest, type PolicyTestBody } from '../api/transfer-policy';
import { taskPolicyWords } from './policy-words';

/** The dry run: which rule a sample transfer would hit now, and why the rules before it did not. */
export function PolicyTestCard({ wallets }: { wallets: { value: number; label: string }[] }) {
  const { t } = useLazyTranslation('transferPolicy');
  const run = usePolicyTest();
  const result = run.data;
  return (
    <Card title={t('test.title')} data-testid="policy-test">
      <Typography.Paragraph type="secondary">{t('test.description')}</Typography.Paragraph>
      <Form<PolicyTestBody>
        layout="vertical"
        onFinish={(values) => run.mutate({ ...values, token: values.token || null })}
      >
        <Space wrap align="start">
          <Form.Item name="wallet_id" label={t('test.wallet')} rules={[{ required: true }]}>
            <Select style={{ width: 200 }} options={wallets} data-testid="policy-test-wallet" />
          </Form.Item>
          <Form.Item name="to" label={t('test.to')} rules={[{ required: true }]}>
            <Input style={{ width: 380 }} data-testid="policy-test-to" />
          </Form.Item>
          <Form.Item name="amount" label={t('test.amount')} rules={[{ required: true }]}>
            <Input style={{ width: 140 }} data-testid="policy-test-amount" />
          </Form.Item>
          <Form.Item name="token" label={t('test.token')}>
            <Input style={{ width: 380 }} data-testid="policy-test-token" />
          </Form.Item>
        </Space>
        <Button htmlType="submit" loading={run.isPending} data-testid="policy-test-run">
          {t('test.run')}
        </Button>
      </Form>
      {run.error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="policy-test-error"
          message={isApiError(run.error) ? run.error.message : t('common:loadError.hint')}
        />
      ) : null}
      {result ? (
        <div style={{ marginTop: 12 }} data-testid="policy-test-result">
          <Alert
            type={result.outcome === 'block' ? 'error' : result.policy ? 'warning' : 'success'}
            showIcon
            message={
              result.outcome === 'block'
                ? t('test.blocked', { reason: result.reason ?? '' })
                : result.policy
                  ? taskPolicyWords(t, result.policy)
                  : t('test.noRule')
            }
            description={result.policy?.matches[0]?.why.join(', ')}
          />
          {result.trace.some((step) => step.failed) ? (
            <List
              size="small"
              header={t('test.trace')}
              dataSource={result.trace.filter((step) => step.failed)}
              renderItem={(step) => (
                <List.Item>
                  {t('rule', { n: step.rule, name: step.name })}: {step.failed}
                </List.Item>
              )}
            />
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
