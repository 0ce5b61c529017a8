import { useState } from 'react';
import { useLocation } from 'react-router';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';
import { readListPosition, saveListPosition } from '@/lib/list-position';
import { useSelectedSpaceId } from '@/lib/space';

const TABS = ['todo', 'all', 'preSigned'] as const;
type Tab = (typeof TABS)[number];

/** /transfer: tabs to do / all / pre-signed; the chosen tab and page are kept as the saved list position (§2). */
export default function TransferListPage() {
  const { t } = useTranslation('pages');
  const location = useLocation();
  const spaceId = useSelectedSpaceId();
  const [tab, setTab] = useState<Tab>(() => {
    const saved = readListPosition();
    return saved.organizationId === spaceId && (TABS as readonly string[]).includes(saved.from)
      ? (saved.from as Tab)
      : 'todo';
  });

  const change = (next: string) => {
    setTab(next as Tab);
    saveListPosition({ from: next, location: location.pathname, page: 1, organizationId: spaceId });
  };

  return (
    <EmptyPage
      title={t('transfer.title')}
      description={t('transfer.description')}
      empty={t('transfer.empty')}
    >
      <Tabs
        activeKey={tab}
        onChange={change}
        items={TABS.map((key) => ({ key, label: t(`transfer.tabs.${key}`) }))}
      />
    </EmptyPage>
  );
}
