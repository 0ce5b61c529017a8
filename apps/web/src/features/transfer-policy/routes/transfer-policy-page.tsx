import { useMemo, useState } from 'react';
import { Button, Skeleton } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { useSelectedSpaceId } from '@/lib/space';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useSimpleWallets } from '@/features/wallet';
import { useTransferPolicy } from '../api/transfer-policy';
import { PendingChangeCard } from '../components/pending-change';
import { PolicyEditor } from '../components/policy-editor';
import { PolicyInForceCard, type PolicyNames } from '../components/policy-in-force';
import { PolicyTestCard } from '../components/policy-test-card';

/**
 * /settings/transfer-policy (admins): the rules in force, the change waiting for other admins, a
 * change to propose, and the dry run.
 */
export default function TransferPolicyPage() {
  const { t } = useLazyTranslation('transferPolicy');
  const spaceId = useSelectedSpaceId() ?? '';
  const policy = useTransferPolicy(spaceId);
  const walletList = useSimpleWallets(spaceId);
  const [editing, setEditing] = useState(false);
  const wallets = useMemo(
    () => (walletList.data?.list ?? []).map((w) => ({ value: w.wallet_id, label: w.name })),
    [walletList.data],
  );
  const members = useMemo(
    () => (policy.data?.members ?? []).map((m) => ({ value: m.id, label: m.name })),
    [policy.data],
  );
  const names: PolicyNames = {
    wallets: (ids) => ids.map((id) => wallets.find((w) => w.value === id)?.label ?? `#${id}`).join(', '),
    people: (ids) => ids.map((id) => members.find((m) => m.value === id)?.label ?? `#${id}`).join(', '),
  };
  const view = policy.data;
  return (
    <div data-testid="transfer-policy-page">
      <PageHeader
        title={t('title')}
        description={t('description')}
        extra={
          view && !view.pending_change ? (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => setEditing(true)}
              data-testid="policy-edit"
            >
              {t('editor.open')}
            </Button>
          ) : null
        }
      />
      {policy.isError ? (
        <QueryError
          title={t('loadError')}
          error={policy.error}
          onRetry={() => policy.refetch()}
          retrying={policy.isFetching}
        />
      ) : !view ? (
        <Skeleton active />
      ) : (
        <>
          {view.pending_change ? (
            <PendingChangeCard
              spaceId={spaceId}
              change={view.pending_change}
              inForce={view.in_force?.document ?? null}
              names={names}
            />
          ) : null}
          <PolicyInForceCard inForce={view.in_force} names={names} />
          <PolicyTestCard
            wallets={wallets}
            inForce={view.in_force?.document ?? null}
            pending={view.pending_change?.document ?? null}
          />
          <PolicyEditor
            spaceId={spaceId}
            open={editing}
            start={view.in_force?.document ?? { rules: [], groups: [], change_quorum: 1 }}
            wallets={wallets}
            members={members}
            onClose={() => setEditing(false)}
          />
        </>
      )}
    </div>
  );
}
