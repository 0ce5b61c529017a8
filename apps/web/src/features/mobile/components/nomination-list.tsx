import { useEffect, useRef } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { useLazyTranslation } from '@/lib/use-namespace';
import { inheritanceListKey, useMobileInheritance } from '../api/queries';
import type { KeyVault } from '../lib/pin-vault';
import { useOnline } from '../lib/use-online';
import { MobileTitle } from './mobile-shell';
import { NominationCard } from './nomination-card';

/** A nomination a scanned or opened `#inherit=space:wallet` link asks to show. */
export interface NominationFocus {
  organizationId: number;
  walletId: number;
}

/**
 * "Named heir": the wallets whose owner named this account heir, one card each. Most accounts
 * have none, so the section shows only when there are some, when a link asked for one, or when the
 * list could not be read (then with Retry, as the task list does).
 */
export function NominationList(props: {
  vault: KeyVault;
  focus: NominationFocus | null;
  onFocusDone: () => void;
}) {
  const { t } = useLazyTranslation('mobile');
  const client = useQueryClient();
  const online = useOnline();
  const query = useMobileInheritance();
  const { focus } = props;
  const list = query.data?.list ?? null;
  const isFocus = (row: { organization_id: number; wallet_id: number }) =>
    !!focus && row.organization_id === focus.organizationId && row.wallet_id === focus.walletId;
  // Said only once the list has been read again after the link (a nomination may be new).
  const missing = !!focus && !!list && !query.isFetching && !list.some(isFocus);
  const failed = query.isError || (!online && !query.isFetching);
  const missingRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (missing) missingRef.current?.scrollIntoView({ block: 'center' });
  }, [missing]);

  if (!list && !failed && !focus) return null;
  if (list && list.length === 0 && !missing && !failed) return null;

  const offline = !online || (isApiError(query.error) && query.error.isNetwork);
  return (
    <section style={{ marginTop: 24 }} data-testid="mobile-nominations">
      <MobileTitle>{t('inheritance.title')}</MobileTitle>
      {failed ? (
        <Alert
          type={offline ? 'warning' : 'error'}
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          data-testid="mobile-nominations-failed"
          message={t(offline ? 'inheritance.offline' : 'inheritance.failed')}
          description={!offline && isApiError(query.error) ? query.error.message : undefined}
          action={
            <Button
              icon={<ReloadOutlined />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
              data-testid="mobile-nominations-retry"
            >
              {t('tasks.retry')}
            </Button>
          }
        />
      ) : null}
      {missing ? (
        <div ref={missingRef}>
          <Alert
            type="info"
            showIcon
            closable
            onClose={props.onFocusDone}
            style={{ marginBottom: 12 }}
            message={t('inheritance.missing')}
            data-testid="mobile-nomination-missing"
          />
        </div>
      ) : null}
      {!list && !failed ? <Skeleton active /> : null}
      {(list ?? []).map((nomination) => (
        <NominationCard
          key={`${nomination.organization_id}:${nomination.wallet_id}`}
          nomination={nomination}
          vault={props.vault}
          focused={isFocus(nomination)}
          onAnswered={() => client.invalidateQueries({ queryKey: inheritanceListKey })}
        />
      ))}
    </section>
  );
}
