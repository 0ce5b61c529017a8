import { Alert, Space, Tag } from 'antd';
import type { TaskInfo } from '../../api/types';
import { ADDRESS_TAG } from '../../task-rules';
import { useLazyTranslation } from '@/lib/use-namespace';

const RISKY = new Set<number>([ADDRESS_TAG.similar, 1, 6, 20]);

/** The recipient's risk tags as the operator saw them (new address, first transfer, look-alike). */
export function RiskTags({ task }: { task: TaskInfo }) {
  const { t } = useLazyTranslation('transfer');
  const tags = task.recipient_tags?.tags ?? [];
  if (!tags.length) return null;
  const similar = tags.includes(ADDRESS_TAG.similar);
  return (
    <div style={{ marginTop: 12 }} data-testid="risk-tags">
      <Space size={4} wrap>
        <span>{t('review.riskTags')}</span>
        {tags.map((tag) => (
          <Tag key={tag} color={RISKY.has(tag) ? 'orange' : 'blue'} data-testid={`risk-tag-${tag}`}>
            {t(`tags.${tag}`, { defaultValue: String(tag) })}
          </Tag>
        ))}
      </Space>
      {similar ? (
        <Alert
          style={{ marginTop: 8 }}
          type="error"
          showIcon
          data-testid="risk-similar"
          message={t('wizard.similarTitle')}
          description={
            task.recipient_tags?.similar_to ? (
              <span style={{ wordBreak: 'break-all' }}>
                {t('wizard.similarTo')} <code>{task.recipient_tags.similar_to}</code>
              </span>
            ) : (
              t('wizard.similarBody')
            )
          }
        />
      ) : null}
    </div>
  );
}
