import { useMemo, useState } from 'react';
import { Button, Skeleton, Space as Stack, Table, Typography } from 'antd';
import { FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { QueryError } from '@/components/ui/query-error';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useLabelConfig } from '../../../api/label-config';
import { useLabelSettingsTree } from '../../../api/label-tree';
import type { Space } from '../../../api/types';
import { LabelDeleteModal, type LabelDeleteTarget } from './label-delete-modal';
import { LabelFormModal, type LabelFormMode } from './label-form-modal';
import { useLabelColumns, type LabelRow } from './label-columns';

/**
 * Fund-purpose tags (§3 Transfer tag): the space's categories with their tags, system and custom,
 * enabled and disabled. Admins add, rename, switch and delete; system entries only switch.
 */
export function LabelsTab({ space }: { space: Space }) {
  const { t } = useLazyTranslation('spaces');
  const spaceId = space.organization_id;
  const tree = useLabelSettingsTree(spaceId);
  // The used counts and last changes; one page of the largest size the call allows.
  const config = useLabelConfig(spaceId, { page: 1, page_size: 100 });
  const [form, setForm] = useState<LabelFormMode | null>(null);
  // Each opening is a new form (its own store), so it starts from that opening's values.
  const [formKey, setFormKey] = useState(0);
  const openForm = (mode: LabelFormMode) => {
    setFormKey((key) => key + 1);
    setForm(mode);
  };
  const [removing, setRemoving] = useState<LabelDeleteTarget | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const columns = useLabelColumns({
    spaceId,
    config: config.data?.list,
    onForm: openForm,
    onDelete: setRemoving,
  });

  const categories = useMemo(() => tree.data?.list ?? [], [tree.data]);
  const rows = useMemo<LabelRow[]>(
    () =>
      categories.map((category) => ({
        key: `category-${category.id}`,
        kind: 'category',
        entry: category,
        children: category.labels.length
          ? category.labels.map((label) => ({ key: `label-${label.id}`, kind: 'label', entry: label }))
          : undefined,
      })),
    [categories],
  );

  if (tree.isError)
    return (
      <QueryError
        title={t('labels.loadError')}
        error={tree.error}
        onRetry={() => tree.refetch()}
        retrying={tree.isFetching}
        testId="labels-error"
      />
    );
  if (!tree.data) return <Skeleton active />;
  return (
    <div data-testid="labels-tab">
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'flex-start', marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ flex: '1 1 320px', margin: 0 }}>
          {t('labels.intro')}
        </Typography.Paragraph>
        <Stack wrap>
          <Button
            icon={<FolderAddOutlined />}
            onClick={() => openForm({ mode: 'category' })}
            data-testid="label-add-category"
          >
            {t('labels.addCategory')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={categories.length === 0}
            onClick={() => openForm({ mode: 'label' })}
            data-testid="label-add-label"
          >
            {t('labels.addLabel')}
          </Button>
        </Stack>
      </div>
      <Table<LabelRow>
        rowKey="key"
        size="middle"
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 910 }}
        loading={tree.isFetching && !tree.isPending}
        onRow={(row) => ({ 'data-testid': `label-row-${row.key}` }) as never}
        expandable={{
          expandedRowKeys: rows.filter((row) => !collapsed.has(row.key)).map((row) => row.key),
          onExpand: (open, row) =>
            setCollapsed((old) => {
              const next = new Set(old);
              if (open) next.delete(row.key);
              else next.add(row.key);
              return next;
            }),
        }}
      />
      <LabelFormModal
        key={formKey}
        spaceId={spaceId}
        categories={categories}
        mode={form}
        onClose={() => setForm(null)}
      />
      <LabelDeleteModal spaceId={spaceId} target={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}
