import { Card, Empty, List, Tag, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import type { PolicyDocument } from '../api/transfer-policy';
import { actionWords, conditionWords } from './policy-words';

export interface PolicyNames {
  wallets: (ids: number[]) => string;
  people: (ids: number[]) => string;
}

/** A policy document as words: its rules in order (condition → action), its groups and quorum. */
export function PolicyDocumentView({
  document,
  names,
  testId,
}: {
  document: PolicyDocument;
  names: PolicyNames;
  testId: string;
}) {
  const { t } = useLazyTranslation('transferPolicy');
  return (
    <div data-testid={testId}>
      <Typography.Title level={5}>{t('rules')}</Typography.Title>
      {document.rules.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('noRules')}</Typography.Paragraph>
      ) : (
        <List
          size="small"
          bordered
          dataSource={document.rules.map((rule, index) => ({ rule, n: index + 1 }))}
          renderItem={({ rule, n }) => (
            <List.Item data-testid="policy-rule">
              <span>
                <Tag color={rule.then.kind === 'block' ? 'red' : 'blue'}>
                  {t('rule', { n, name: rule.name })}
                </Tag>
                {conditionWords(t, rule.when, names)} → <strong>{actionWords(t, rule.then)}</strong>
              </span>
            </List.Item>
          )}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('groups')}
      </Typography.Title>
      {document.groups.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('noGroups')}</Typography.Paragraph>
      ) : (
        document.groups.map((group) => (
          <Typography.Paragraph key={group.name} data-testid="policy-group">
            <strong>{group.name}</strong>: {names.people(group.member_ids)}
          </Typography.Paragraph>
        ))
      )}
      <Typography.Paragraph type="secondary">
        {t('quorum', { count: document.change_quorum })}
      </Typography.Paragraph>
    </div>
  );
}

/** The policy in force, or the plain statement that there is none. */
export function PolicyInForceCard({
  inForce,
  names,
}: {
  inForce: { version: number; document: PolicyDocument; updated_at: string } | null;
  names: PolicyNames;
}) {
  const { t } = useLazyTranslation('transferPolicy');
  return (
    <Card
      title={
        inForce
          ? t('inForce', {
              version: inForce.version,
              time: formatDateTime(inForce.updated_at, currentLanguage()),
            })
          : t('title')
      }
      style={{ marginBottom: 16 }}
      data-testid="policy-in-force"
    >
      {inForce ? (
        <PolicyDocumentView document={inForce.document} names={names} testId="policy-in-force-document" />
      ) : (
        <Empty description={t('empty')} data-testid="policy-empty" />
      )}
    </Card>
  );
}
