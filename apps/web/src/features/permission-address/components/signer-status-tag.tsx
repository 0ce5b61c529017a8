import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR = { 0: 'warning', 1: 'success', 2: 'default' } as const;

/** §4 Signer address status: 0 pending verification, 1 verified, 2 pending deletion. */
export function SignerStatusTag({ status }: { status: 0 | 1 | 2 }) {
  const { t } = useTranslation('wallets');
  return (
    <Tag color={COLOR[status]} style={{ marginInlineEnd: 0 }} data-testid="signer-status">
      {t(`signer.status.${status}`)}
    </Tag>
  );
}
