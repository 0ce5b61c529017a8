import { Card, Empty, List, Tag, Typography } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import type { PolicyDocument } from '../api/transfer-policy';
import type { Mark, PolicyDiff } from './policy-diff';
import { actionWords, conditionWords } from './policy-words';

export interface PolicyNames {
  wallets: (ids: number[]) => string;
  people: (ids: number[]) => string;
}

const MARK_COLORS = { new: 'green', changed: 'gold', moved: 'blue' } as const;

/** A rule or group's difference from the policy in force, as a small tag. */
function MarkTag({ mark }: { mark: Mark | undefined }) {
  const { t } = useLazyTranslation('transferPolicy');
  if (!mark) return null;
  return (
    <Tag color={MARK_COLORS[mark]} data-testid="policy-mark">
      {t(`mark.${mark}`)}
    </Tag>
  );
}

/**
 * A policy document as words: its rules in order ("Rule 1 “Large”: amount ≥ $100,000 → …"), its
 * groups with their members, and the quorum; with `diff`, what each changes against the policy in force.
 */
export function PolicyDocumentView({
  document,
  names,
  testId,
  diff,
}: {
  document: PolicyDocument;
  names: PolicyNames;
  testId: string;
  diff?: PolicyDiff;
}) {
  const { t } = useLazyTranslation('transferPolicy');
  const removed = (list: string[] | undefined) =>
    list?.length ? (
      <Typography.Paragraph type="secondary" data-testid="policy-removed">
        {t('mark.removed', { list: list.map((name) => `“${name}”`).join(', ') })}
      </Typography.Paragraph>
    ) : null;
  return (
    <div data-testid={testId}>
      <Typography.Title level={5}>{t('rules')}</Typography.Title>
      {document.rules.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('noRules')}</Typography.Paragraph>
      ) : (
        <List
          size="small"
          bordered
          style={{ marginBottom: 12 }}
          dataSource={document.rules.map((rule, index) => ({ rule, index }))}
          renderItem={({ rule, index }) => (
            <List.Item data-testid="policy-rule">
              <span>
                <MarkTag mark={diff?.rules[index]} />
                <strong>{t('rule', { n: index + 1, name: rule.name })}:</strong>{' '}
                {conditionWords(t, rule.when, names)} →{' '}
                <Typography.Text strong type={rule.then.kind === 'block' ? 'danger' : undefined}>
                  {actionWords(t, rule.then)}
                </Typography.Text>
              </span>
            </List.Item>
          )}
        />
      )}
      {removed(diff?.removedRules)}
      <Typography.Title level={5}>{t('groups')}</Typography.Title>
      {document.groups.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('noGroups')}</Typography.Paragraph>
      ) : (
        document.groups.map((group, index) => (
          <Typography.Paragraph key={group.name} data-testid="policy-group">
            <MarkTag mark={diff?.groups[index]} />
            <strong>{group.name}</strong>: {names.people(group.member_ids)}
          </Typography.Paragraph>
        ))
      )}
      {removed(diff?.removedGroups)}
      <Typography.Paragraph type="secondary" data-testid="policy-quorum">
        {t('quorum', { count: document.change_quorum })}
        {diff?.quorumWas ? ` ${t('mark.quorumWas', { count: diff.quorumWas })}` : null}
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
          : t('inForceNone')
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
