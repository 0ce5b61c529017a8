import { Alert, Checkbox, Space, Tag } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { ADDRESS_TAG } from '../../task-rules';
import { useLazyTranslation } from '@/lib/use-namespace';

const COLOR: Record<number, string> = {
  [-2]: 'blue',
  [-1]: 'green',
  6: 'orange',
  20: 'gold',
  21: 'red',
  1: 'red',
  2: 'purple',
};

/** The recipient's risk tags (§3 address tags); a similar address (21) needs an explicit acknowledgement. */
export function RecipientTags(props: {
  tags: number[];
  similarTo?: string | null;
  acknowledged: boolean;
  onAcknowledge: (value: boolean) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  if (!props.tags.length) return null;
  const similar = props.tags.includes(ADDRESS_TAG.similar);
  return (
    <div style={{ marginTop: 8 }} data-testid="recipient-tags">
      <Space size={4} wrap>
        {props.tags.map((tag) => (
          <Tag key={tag} color={COLOR[tag] ?? 'default'} data-testid={`recipient-tag-${tag}`}>
            {t(`tags.${tag}`, { defaultValue: String(tag) })}
          </Tag>
        ))}
      </Space>
      {similar ? (
        <Alert
          style={{ marginTop: 8 }}
          type="error"
          showIcon
          icon={<WarningFilled />}
          data-testid="similar-warning"
          message={t('wizard.similarTitle')}
          description={
            <div>
              <div>{t('wizard.similarBody')}</div>
              {props.similarTo ? (
                <div style={{ marginTop: 4, wordBreak: 'break-all' }}>
                  {t('wizard.similarTo')} <code>{props.similarTo}</code>
                </div>
              ) : null}
              <Checkbox
                style={{ marginTop: 8 }}
                checked={props.acknowledged}
                onChange={(event) => props.onAcknowledge(event.target.checked)}
                data-testid="similar-ack"
              >
                {t('wizard.similarAck')}
              </Checkbox>
            </div>
          }
        />
      ) : null}
    </div>
  );
}
