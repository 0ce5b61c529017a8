import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, List, Radio, Row, Select, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useWalletAssets } from '@/features/wallet';
import { refusalText, usePolicyTest, type PolicyDocument, type PolicyTestBody } from '../api/transfer-policy';
import { taskPolicyWords } from './policy-words';

/** The native coin in the token select (its contract is null). */
const NATIVE = 'native';
type Values = Omit<PolicyTestBody, 'token'> & { token?: string };

/**
 * The dry run: which rule a sample transfer would hit now, and why the rules before it did not;
 * under the policy in force, or the change waiting for approval.
 */
export function PolicyTestCard(props: {
  wallets: { value: number; label: string }[];
  inForce: PolicyDocument | null;
  pending: PolicyDocument | null;
}) {
  const { t } = useLazyTranslation('transferPolicy');
  const [form] = Form.useForm<Values>();
  const run = usePolicyTest();
  const [against, setAgainst] = useState<'in_force' | 'pending'>(props.inForce ? 'in_force' : 'pending');
  const walletId = Form.useWatch('wallet_id', form) ?? 0;
  const assets = useWalletAssets(walletId);
  const tokens = (assets.data?.detail ?? []).map((line) => ({
    value: line.contract_address ?? NATIVE,
    label: line.symbol,
  }));
  const document = against === 'pending' ? props.pending : props.inForce;
  const result = run.data;
  if (!props.inForce && !props.pending) return null;
  const send = (values: Values) =>
    run.mutate({
      ...values,
      token: !values.token || values.token === NATIVE ? null : values.token,
      // The policy in force is the server's default; a waiting change is sent as a draft.
      ...(against === 'pending' && document ? { document } : {}),
    });
  return (
    <Card title={t('test.title')} style={{ marginBottom: 16 }} data-testid="policy-test">
      <Typography.Paragraph type="secondary">{t('test.description')}</Typography.Paragraph>
      {props.inForce && props.pending ? (
        <Radio.Group
          value={against}
          onChange={(e) => {
            setAgainst(e.target.value);
            run.reset();
          }}
          style={{ marginBottom: 12 }}
          data-testid="policy-test-against"
          options={[
            { value: 'in_force', label: t('test.inForce') },
            { value: 'pending', label: t('test.pending') },
          ]}
        />
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={send}>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="wallet_id" label={t('test.wallet')} rules={[{ required: true }]}>
              <Select
                options={props.wallets}
                optionFilterProp="label"
                showSearch
                onChange={() => form.setFieldValue('token', undefined)}
                data-testid="policy-test-wallet"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="to" label={t('test.to')} rules={[{ required: true }]}>
              <Input data-testid="policy-test-to" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="token" label={t('test.token')}>
              <Select
                options={tokens}
                placeholder={t('test.native')}
                loading={assets.isFetching}
                allowClear
                data-testid="policy-test-token"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="amount" label={t('test.amount')} rules={[{ required: true }]}>
              <Input inputMode="decimal" data-testid="policy-test-amount" />
            </Form.Item>
          </Col>
        </Row>
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
          message={refusalText(run.error, t('common:loadError.hint'))}
        />
      ) : null}
      {result ? <TestResult result={result} /> : null}
    </Card>
  );
}

/** The outcome (the rule hit and why, a block, or no rule) and the earlier rules that did not match. */
function TestResult({ result }: { result: NonNullable<ReturnType<typeof usePolicyTest>['data']> }) {
  const { t } = useLazyTranslation('transferPolicy');
  const tried = result.trace.filter((step) => step.failed);
  return (
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
      {tried.length ? (
        <List
          size="small"
          header={t('test.trace')}
          dataSource={tried}
          renderItem={(step) => (
            <List.Item data-testid="policy-test-trace">
              {t('rule', { n: step.rule, name: step.name })}: {step.failed}
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
}
