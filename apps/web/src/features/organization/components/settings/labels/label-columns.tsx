import { useState } from 'react';
import { Button, Space as Stack, Switch, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  LabelSource,
  LabelStatus,
  type Label,
  type LabelCategory,
  type LabelConfigItem,
} from '@keystead/contract/api/labels';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useUpdateLabel } from '../../../api/update-label';
import { labelName } from '../../../label-name';
import type { LabelDeleteTarget } from './label-delete-modal';
import type { LabelFormMode } from './label-form-modal';

const LINK = { padding: 0 };

export type LabelRow =
  | { key: string; kind: 'category'; entry: LabelCategory; children?: LabelRow[] }
  | { key: string; kind: 'label'; entry: Label; children?: undefined };

/** The columns of the tag tree: name with its kind, status switch, transfers carrying it, last change, actions. */
export function useLabelColumns(props: {
  spaceId: number;
  config: LabelConfigItem[] | undefined;
  onForm: (mode: LabelFormMode) => void;
  onDelete: (target: LabelDeleteTarget) => void;
}): TableColumnsType<LabelRow> {
  const { t } = useLazyTranslation('spaces');
  const update = useUpdateLabel(props.spaceId);
  const [switching, setSwitching] = useState<string | null>(null);
  const facts = (row: LabelRow) =>
    row.kind === 'label' ? props.config?.find((item) => item.id === row.entry.id) : undefined;

  const toggle = (row: LabelRow, on: boolean) => {
    setSwitching(row.key);
    const name = labelName(row.entry, t);
    update.mutate(
      { kind: row.kind, id: row.entry.id, status: on ? LabelStatus.Enabled : LabelStatus.Disabled },
      {
        onSuccess: () => toastSuccess(t(on ? 'labels.enabledToast' : 'labels.disabledToast', { name })),
        onError: (error) => void showErrorToast(error),
        onSettled: () => setSwitching(null),
      },
    );
  };

  return [
    {
      title: t('labels.name'),
      key: 'name',
      width: 280,
      // One line: the tree's indent and the name stay side by side; a long name ends in "…".
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_value, row) => (
        <Stack size={6}>
          <Typography.Text
            strong={row.kind === 'category'}
            style={{ maxWidth: 170 }}
            ellipsis={{ tooltip: labelName(row.entry, t) }}
            data-testid="label-name"
          >
            {labelName(row.entry, t)}
          </Typography.Text>
          <Tag color={row.entry.source === LabelSource.System ? 'blue' : 'purple'} data-testid="label-source">
            {row.entry.source === LabelSource.System ? t('labels.system') : t('labels.custom')}
          </Tag>
        </Stack>
      ),
    },
    {
      title: t('labels.status'),
      key: 'status',
      width: 140,
      render: (_value, row) => {
        const on = row.entry.status === LabelStatus.Enabled;
        return (
          <Stack size={8}>
            <Switch
              size="small"
              checked={on}
              loading={switching === row.key}
              onChange={(value) => toggle(row, value)}
              aria-label={t('labels.toggle', { name: labelName(row.entry, t) })}
              data-testid="label-toggle"
            />
            <Tag color={on ? 'green' : 'default'} data-testid="label-status">
              {on ? t('labels.enabled') : t('labels.disabled')}
            </Tag>
          </Stack>
        );
      },
    },
    {
      title: t('labels.used'),
      key: 'used',
      width: 80,
      render: (_value, row) => (
        <span data-testid="label-used">{facts(row)?.used_count ?? t('common:dash')}</span>
      ),
    },
    {
      title: t('labels.updated'),
      key: 'updated',
      width: 150,
      render: (_value, row) => {
        const item = facts(row);
        if (!item) return t('common:dash');
        return (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dayjs(item.utime).format('YYYY-MM-DD HH:mm')}
            {item.operator ? ` · ${item.operator.nickname}` : ''}
          </Typography.Text>
        );
      },
    },
    {
      title: t('labels.actions'),
      key: 'actions',
      width: 260,
      render: (_value, row) => (
        <Stack size={12} wrap>
          {row.kind === 'category' ? (
            <Button
              type="link"
              size="small"
              style={LINK}
              icon={<PlusOutlined />}
              onClick={() => props.onForm({ mode: 'label', categoryId: row.entry.id })}
              data-testid="label-add-in-category"
            >
              {t('labels.addLabel')}
            </Button>
          ) : null}
          {/* System entries are only switched on and off: no rename or delete is offered. */}
          {row.entry.source === LabelSource.Custom ? (
            <>
              <Button
                type="link"
                size="small"
                style={LINK}
                icon={<EditOutlined />}
                onClick={() => props.onForm({ mode: 'rename', ...row } as LabelFormMode)}
                data-testid="label-rename"
              >
                {t('labels.rename')}
              </Button>
              <Button
                type="link"
                size="small"
                style={LINK}
                danger
                icon={<DeleteOutlined />}
                onClick={() => props.onDelete({ kind: row.kind, entry: row.entry } as LabelDeleteTarget)}
                data-testid="label-delete"
              >
                {t('labels.delete')}
              </Button>
            </>
          ) : null}
        </Stack>
      ),
    },
  ];
}
