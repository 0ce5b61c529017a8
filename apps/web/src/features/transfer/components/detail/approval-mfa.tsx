import { Link } from 'react-router';
import { Alert, Input, Skeleton } from 'antd';
import { QueryError } from '@/components/ui/query-error';
import type { SpaceMfa } from '@/features/organization';
import { useLazyTranslation } from '@/lib/use-namespace';

/** What approving asks for here, said before the buttons: can the caller decide, and with which code. */
export function approvalGate(mfa: { data?: SpaceMfa | undefined; isError: boolean }, code: string) {
  if (!mfa.data) return { ready: false, codeValid: false };
  if (mfa.data.approve_blocked) return { ready: false, codeValid: false };
  return { ready: true, codeValid: mfa.data.approve_requires === 'none' || /^\d{6}$/.test(code) };
}

/**
 * The second factor of an approval (GET /organization/mfa): the 6-digit authenticator code when
 * the space asks for it; when the caller has no authenticator, why they cannot approve and where
 * to bind one.
 */
export function ApprovalMfa(props: {
  mfa: {
    data?: SpaceMfa | undefined;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  };
  code: string;
  onCode: (code: string) => void;
}) {
  const { t } = useLazyTranslation('transfer');
  const { mfa } = props;
  if (mfa.isError)
    return (
      <QueryError
        title={t('approvalMfa.loadError')}
        error={mfa.error}
        onRetry={mfa.refetch}
        retrying={mfa.isFetching}
        testId="approval-mfa-error"
      />
    );
  if (!mfa.data) return <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  if (mfa.data.approve_blocked)
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: 8 }}
        message={t('approvalMfa.blockedTitle')}
        description={
          <>
            {t('approvalMfa.blocked')} <Link to="/account">{t('approvalMfa.bind')}</Link>
          </>
        }
        data-testid="approval-mfa-blocked"
      />
    );
  if (mfa.data.approve_requires !== 'mfa') return null;
  return (
    <div style={{ marginTop: 8 }} data-testid="approval-mfa">
      <label htmlFor="approval-mfa" style={{ display: 'block', marginBottom: 4 }}>
        {t('approvalMfa.label')}
      </label>
      <Input
        id="approval-mfa"
        style={{ maxWidth: 220, letterSpacing: 2 }}
        value={props.code}
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        onChange={(event) => props.onCode(event.target.value.replace(/\D/g, ''))}
        placeholder="000000"
      />
      <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', marginTop: 4 }}>{t('approvalMfa.hint')}</div>
    </div>
  );
}
