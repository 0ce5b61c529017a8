import { useSearchParams } from 'react-router';
import { Card, Skeleton, Tabs } from 'antd';
import { PageHeader } from '@/components/ui/page-header';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useOrganizationBaseInfo } from '../api/get-organization-base-info';
import { BaseInfoTab } from '../components/settings/base-info-tab';
import { DefaultSettingsTab } from '../components/settings/default-settings-tab';
import { LabelsTab } from '../components/settings/labels/labels-tab';
import { MembersTab } from '../components/settings/members-tab';
import { PlanTab } from '../components/settings/plan-tab';

const TABS = ['base', 'members', 'defaults', 'labels', 'plan'] as const;

/** /organization/settings (space + privileged): five tabs, the open one kept in the address (?tab=). */
export default function SpaceSettingsPage() {
  const { t } = useLazyTranslation('spaces');
  const [params, setParams] = useSearchParams();
  const spaceId = useSelectedSpaceId();
  const space = useOrganizationBaseInfo(spaceId);
  const requested = params.get('tab') ?? '';
  const tab = (TABS as readonly string[]).includes(requested) ? requested : 'base';

  if (!space.data)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  const data = space.data;
  return (
    <div data-testid="space-settings-page">
      <PageHeader title={t('settings.title')} description={t('settings.description', { name: data.name })} />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={[
            { key: 'base', label: t('settings.tabs.base'), children: <BaseInfoTab space={data} /> },
            { key: 'members', label: t('settings.tabs.members'), children: <MembersTab space={data} /> },
            {
              key: 'defaults',
              label: t('settings.tabs.defaults'),
              children: <DefaultSettingsTab space={data} />,
            },
            { key: 'labels', label: t('settings.tabs.labels'), children: <LabelsTab space={data} /> },
            { key: 'plan', label: t('settings.tabs.plan'), children: <PlanTab space={data} /> },
          ]}
          destroyOnHidden
        />
      </Card>
    </div>
  );
}
