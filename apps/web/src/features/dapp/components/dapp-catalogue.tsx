import { useState } from 'react';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Segmented, Spin, Tag, Typography } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useDappFavorite, useDappList, useDappTypes, type DappItem } from '../api/dapp-catalogue';

/**
 * The platform's list of Safe Apps for the chosen wallet's chain (every chain before one is
 * chosen): filtered by type, the user's favourites first; "Use" puts its address in the form.
 */
export function DappCatalogue({ chainKey, onUse }: { chainKey?: string; onUse: (url: string) => void }) {
  const { t } = useLazyTranslation('dapp');
  const [type, setType] = useState<DappItem['type'] | 'all'>('all');
  const types = useDappTypes();
  const list = useDappList({ ...(chainKey ? { chainKey } : {}), ...(type !== 'all' ? { type } : {}) });
  const favorite = useDappFavorite();

  const failed = [types, list].find((query) => query.isError);
  return (
    <Card title={t('catalogue.title')} data-testid="dapp-catalogue">
      {failed ? (
        <QueryError
          title={t('catalogue.loadError')}
          error={failed.error}
          onRetry={() => Promise.all([types.refetch(), list.refetch()])}
          retrying={failed.isFetching}
        />
      ) : !types.data || !list.data ? (
        <Spin />
      ) : (
        <>
          <Segmented
            data-testid="dapp-catalogue-type"
            style={{ marginBottom: 8 }}
            value={type}
            onChange={(value) => setType(value as DappItem['type'] | 'all')}
            options={[
              { value: 'all', label: t('catalogue.all') },
              ...types.data.list.map((item) => ({ value: item.type, label: item.name })),
            ]}
          />
          <List
            dataSource={list.data.list}
            locale={{ emptyText: <Empty description={t('catalogue.empty')} /> }}
            renderItem={(dapp) => (
              <List.Item
                data-testid={`dapp-item-${dapp.dapp_id}`}
                actions={[
                  <Button
                    key="favorite"
                    type="text"
                    aria-label={t(dapp.is_favorite ? 'catalogue.unfavorite' : 'catalogue.favorite', {
                      name: dapp.name,
                    })}
                    aria-pressed={dapp.is_favorite}
                    data-testid={`dapp-favorite-${dapp.dapp_id}`}
                    icon={dapp.is_favorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                    loading={favorite.isPending && favorite.variables?.dapp_id === dapp.dapp_id}
                    onClick={() => favorite.mutate({ dapp_id: dapp.dapp_id, is_favorite: !dapp.is_favorite })}
                  />,
                  <Button key="use" data-testid={`dapp-use-${dapp.dapp_id}`} onClick={() => onUse(dapp.url)}>
                    {t('catalogue.use')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <>
                      {dapp.name}{' '}
                      <Tag>{types.data.list.find((item) => item.type === dapp.type)?.name ?? dapp.type}</Tag>
                    </>
                  }
                  description={
                    <>
                      {dapp.description}{' '}
                      <Typography.Text type="secondary" copyable={{ text: dapp.url }}>
                        {dapp.url}
                      </Typography.Text>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
