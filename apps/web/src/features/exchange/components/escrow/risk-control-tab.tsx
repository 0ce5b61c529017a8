import { useState } from 'react';
import { Alert, Button, Empty, Form, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { StrategyStatus } from '@keystead/contract/api/escrow';
import { QueryError } from '@/components/ui/query-error';
import { formatDateTime } from '@/lib/date-format';
import { currentLanguage } from '@/lib/i18n';
import { toast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useDeleteRiskRule, useRiskRules, type RiskRule, type RiskRules } from '../../api/risk-rules';
import { useRiskSettings } from '../../api/risk-settings';
import { CodeDialog } from './code-dialog';
import { RiskApprovalCard } from './risk-approval-card';
import { RiskChangeCard } from './risk-change-card';
import { RiskRuleCard } from './risk-rule-card';
import { RiskRuleModal } from './risk-rule-modal';
import { RiskSettingsCard } from './risk-settings-card';
import { TRADE_CATEGORIES } from './trade-categories';

const STATUS_COLOR: Record<number, string> = {
  [StrategyStatus.Effective]: 'success',
  [StrategyStatus.Failed]: 'error',
  [StrategyStatus.Setting]: 'processing',
};

/**
 * "Risk control": the account's strategy (status 1 effective, 2 last change rejected, 3 a change
 * waits for approval), its rules in force per trade category, who keeps them and who approves
 * their changes. Only the account's risk-control users add, edit or delete rules (each with an
 * e-mailed risk_control code); with approvers on the account a change waits for them (the card
 * on top), and nothing else changes meanwhile. Everyone else reads them.
 */
export function RiskControlTab({ walletId, privileged }: { walletId: number; privileged: boolean }) {
  const { t } = useLazyTranslation('exchange');
  const language = currentLanguage();
  const rules = useRiskRules(walletId);
  const settings = useRiskSettings(walletId);
  const [editing, setEditing] = useState<RiskRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RiskRule | null>(null);
  const [deleteForm] = Form.useForm<{ email_code: string }>();
  const remove = useDeleteRiskRule(walletId);
  /** After a change: in effect at once, or (approvers on) sent to them. */
  const told = (view: RiskRules | null, applied: string) => {
    const waiting = view?.pending_change;
    if (waiting)
      toast(
        'info',
        t('escrow.change.sentTitle'),
        t('escrow.change.sent', { count: waiting.approval_threshold }),
      );
    else toastSuccess(applied);
  };

  const failed = rules.isError ? rules : settings.isError ? settings : null;
  if (failed)
    return (
      <QueryError
        title={t('escrow.rules.loadError')}
        error={failed.error}
        onRetry={() => Promise.all([rules.refetch(), settings.refetch()])}
        retrying={rules.isFetching || settings.isFetching}
        testId="risk-rules-error"
      />
    );
  if (!rules.data || !settings.data) return <Skeleton active />;
  const data = rules.data;
  const canManage = data.can_manage;
  const full = data.rules.length >= TRADE_CATEGORIES.length;
  const pending = data.pending_change;
  const locked = pending ? t('escrow.change.locked') : null;
  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={full || Boolean(locked)}
      onClick={() => setEditing('new')}
      data-testid="risk-rule-add"
    >
      {t('escrow.rule.add')}
    </Button>
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="risk-control">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between' }}>
        <Space wrap size={8} align="center">
          <Typography.Text strong>{t('escrow.rules.strategy')}</Typography.Text>
          {data.status === null ? (
            <Tag data-testid="risk-strategy-status" data-status="none">
              {t('escrow.rules.none')}
            </Tag>
          ) : (
            <Tag
              color={STATUS_COLOR[data.status]}
              data-testid="risk-strategy-status"
              data-status={data.status}
            >
              {t(`escrow.strategyStatus.${data.status}`)}
            </Tag>
          )}
          {data.tactic_type ? <Tag>{t(`escrow.tactic.${data.tactic_type}`)}</Tag> : null}
          {data.updated_by && data.updated_at ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('escrow.rules.updated', {
                name: data.updated_by.name,
                time: formatDateTime(data.updated_at, language),
              })}
            </Typography.Text>
          ) : null}
        </Space>
        {canManage ? locked ? <Tooltip title={locked}>{addButton}</Tooltip> : addButton : null}
      </div>
      {data.status === StrategyStatus.Failed && !pending ? (
        <Alert
          type="warning"
          showIcon
          message={t('escrow.rules.lastRejected')}
          data-testid="risk-last-rejected"
        />
      ) : null}
      {pending ? <RiskChangeCard walletId={walletId} rules={data} change={pending} /> : null}
      {pending && canManage ? (
        <Alert type="info" showIcon message={locked} data-testid="risk-locked" />
      ) : null}
      {canManage ? null : (
        <Alert type="info" showIcon message={t('escrow.rules.readOnly')} data-testid="risk-read-only" />
      )}
      {data.rules.length === 0 ? (
        <Alert type="warning" showIcon message={t('escrow.rules.denyAll')} data-testid="risk-deny-all" />
      ) : null}
      <RiskSettingsCard
        walletId={walletId}
        settings={settings.data}
        canManage={canManage}
        privileged={privileged}
        locked={locked}
        onSaved={told}
      />
      <RiskApprovalCard walletId={walletId} rules={data} privileged={privileged} />
      {data.rules.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('escrow.rules.empty')} />
      ) : (
        data.rules.map((rule) => (
          <RiskRuleCard
            key={rule.trade_category}
            rule={rule}
            windowHours={settings.data.limit_window_hours}
            canManage={canManage}
            locked={locked}
            onEdit={() => setEditing(rule)}
            onDelete={() => setDeleting(rule)}
          />
        ))
      )}
      {editing ? (
        <RiskRuleModal
          open
          walletId={walletId}
          strategy={data}
          editing={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) told(saved, t('escrow.rule.saved'));
          }}
        />
      ) : null}
      {deleting ? (
        <CodeDialog
          open
          danger
          title={t('escrow.rule.deleteTitle', { category: t(`escrow.category.${deleting.trade_category}`) })}
          purpose="risk_control"
          form={deleteForm}
          okText={t('escrow.rule.delete')}
          testId="risk-rule-delete-dialog"
          onCancel={() => setDeleting(null)}
          onSubmit={async ({ email_code }) => {
            const view = await remove.mutateAsync({
              wallet_id: walletId,
              trade_category: deleting.trade_category,
              email_code,
            });
            told(view, t('escrow.rule.deleted'));
            setDeleting(null);
          }}
        >
          <Typography.Paragraph>{t('escrow.rule.deleteBody')}</Typography.Paragraph>
        </CodeDialog>
      ) : null}
    </Space>
  );
}
