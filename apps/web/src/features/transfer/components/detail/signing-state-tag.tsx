import { Tag } from 'antd';
import { useLazyTranslation } from '@/lib/use-namespace';

/** A signer key's state on a transfer: signed, to sign now, not yet (in approval), or not needed. */
export function SigningStateTag({ signed, status }: { signed: boolean; status: number }) {
  const { t } = useLazyTranslation('transfer');
  const label = signed
    ? t('signature.signed')
    : status === 3
      ? t('signature.toSign')
      : status === 0
        ? t('next.notYet')
        : t('signature.notNeeded');
  return (
    <Tag color={signed ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  );
}
