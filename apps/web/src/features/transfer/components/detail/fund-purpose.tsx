import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { Label } from '@keystead/contract/api/labels';
import { isPrivileged, labelCategoryName, labelName, useOrganizationBaseInfo } from '@/features/organization';
import { useWalletBaseInfo } from '@/features/wallet';
import { toastSuccess } from '@/lib/notify';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useLabelTransfer } from '../../api/label-transfer';
import { useSetTransferLabel } from '../../api/set-label';
import type { TaskInfo } from '../../api/types';
import { FundPurposeSelect } from '../fund-purpose-select';
import { FundPurposeHistory } from './fund-purpose-history';

/** A fund purpose as a tag: "Payroll" with its category beside it. */
export function FundPurposeTag({ label }: { label: Label | null | undefined }) {
  const { t } = useLazyTranslation('transfer');
  if (!label) return <span data-testid="task-fund-purpose">—</span>;
  return (
    <span data-testid="task-fund-purpose">
      <Tag color="geekblue" style={{ marginInlineEnd: 6 }}>
        {labelName(label, t)}
      </Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {labelCategoryName(label, t)}
      </Typography.Text>
    </span>
  );
}

/**
 * The transfer's fund purpose (§3 transfer tag). The wallet's operators and the space's admins
 * change it at any stage (bookkeeping, not part of what is signed); everyone sees its history.
 */
export function FundPurpose({ task }: { task: TaskInfo }) {
  const { t } = useLazyTranslation('transfer');
  const space = useOrganizationBaseInfo(useSelectedSpaceId());
  const wallet = useWalletBaseInfo(task.wallet_id ?? 0);
  const mayEdit =
    (space.data ? isPrivileged(space.data) : false) || Boolean(wallet.data?.my_roles.includes('operator'));
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const [choice, setChoice] = useState<Label | null>(null);
  const purposes = useLabelTransfer(editing ? (task.wallet_id ?? 0) : 0);
  const save = useSetTransferLabel();
  const required = purposes.data?.required ?? false;

  const submit = () =>
    save.mutate(
      { task_id: task.task_id, label_id: choice?.id ?? null },
      {
        onSuccess: () => {
          toastSuccess(t('fundPurpose.saved'));
          setEditing(false);
        },
      },
    );

  if (editing)
    return (
      <Space wrap data-testid="fund-purpose-editor">
        <FundPurposeSelect
          id="task-fund-purpose"
          tree={purposes.data?.tree ?? []}
          recent={purposes.data?.recent}
          value={choice?.id ?? null}
          onChange={setChoice}
          allowClear={!required}
          loading={purposes.isPending}
          placeholder={t('fundPurpose.placeholder')}
          style={{ minWidth: 200 }}
        />
        <Button
          type="primary"
          size="small"
          loading={save.isPending}
          disabled={(required && !choice) || purposes.isError}
          onClick={submit}
          data-testid="fund-purpose-save"
        >
          {t('fundPurpose.save')}
        </Button>
        <Button size="small" onClick={() => setEditing(false)}>
          {t('fundPurpose.cancel')}
        </Button>
        {purposes.isError ? (
          <Typography.Text type="danger" data-testid="fund-purpose-error">
            {t('fundPurpose.loadError')}{' '}
            <Typography.Link onClick={() => void purposes.refetch()}>
              {t('common:loadError.retry')}
            </Typography.Link>
          </Typography.Text>
        ) : null}
      </Space>
    );
  return (
    <Space size={4} wrap>
      <FundPurposeTag label={task.fund_purpose} />
      {mayEdit ? (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => {
            setChoice(task.fund_purpose ?? null);
            setEditing(true);
          }}
          data-testid="fund-purpose-edit"
        >
          {t('fundPurpose.edit')}
        </Button>
      ) : null}
      <Button
        type="link"
        size="small"
        icon={<HistoryOutlined />}
        onClick={() => setHistory(true)}
        data-testid="fund-purpose-history"
      >
        {t('fundPurpose.history')}
      </Button>
      <FundPurposeHistory taskId={task.task_id} open={history} onClose={() => setHistory(false)} />
    </Space>
  );
}
