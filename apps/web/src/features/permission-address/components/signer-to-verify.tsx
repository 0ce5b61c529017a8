import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { MONO } from '@/features/wallet';
import type { SignerAddress } from '../api/types';

/**
 * The top of a verification dialog: how this family proves an address, which address it is, and
 * the one-time challenge's failure to load (with Retry) if it failed.
 */
export function SignerToVerify({
  signer,
  hint,
  challengeError,
  onRetry,
}: {
  signer: SignerAddress;
  hint: string;
  challengeError?: unknown;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('wallets');
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {hint}
      </Typography.Paragraph>
      <Alert
        type="info"
        message={
          <span>
            {signer.name}: <span style={{ ...MONO, wordBreak: 'break-all' }}>{signer.address}</span>
          </span>
        }
      />
      {challengeError && onRetry ? (
        <QueryError
          title={t('signer.verify.challengeError')}
          error={challengeError}
          onRetry={onRetry}
          testId="signer-challenge-error"
        />
      ) : null}
    </>
  );
}
