import { Avatar, Button, Descriptions, Space as Stack, Tag } from 'antd';
import { EditOutlined, TeamOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { Space } from '../../api/types';
import { useSpaceEditor } from '../use-space-editor';

/** Base information: logo, name, description, kind, edition; edited through the space form. */
export function BaseInfoTab({ space }: { space: Space }) {
  const { t } = useLazyTranslation('spaces');
  const editor = useSpaceEditor();
  return (
    <div data-testid="base-info-tab">
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 16, flexWrap: 'wrap' }}>
        <Avatar
          shape="square"
          size={64}
          src={space.logo_url || undefined}
          icon={<TeamOutlined />}
          style={{ background: '#1f4fd1' }}
          data-testid="space-logo"
        />
        <div style={{ flex: 1, minWidth: 0, fontSize: 18, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {space.name}
        </div>
        <Button icon={<EditOutlined />} onClick={() => editor.openEdit(space)} data-testid="space-edit">
          {t('list.edit')}
        </Button>
      </div>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('base.name')}>{space.name}</Descriptions.Item>
        <Descriptions.Item label={t('base.description')}>
          {space.description || t('base.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('base.kind')}>{t(`kind.${space.kind}`)}</Descriptions.Item>
        <Descriptions.Item label={t('base.edition')}>
          <Stack size={4}>
            <Tag color={space.edition === 'experience' ? 'purple' : 'blue'} bordered={false}>
              {t(`edition.${space.edition}`)}
            </Tag>
          </Stack>
        </Descriptions.Item>
        <Descriptions.Item label={t('base.id')}>{space.organization_id}</Descriptions.Item>
        <Descriptions.Item label={t('base.created')}>
          {dayjs(space.created_at).format('YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
      </Descriptions>
      {editor.modals}
    </div>
  );
}
