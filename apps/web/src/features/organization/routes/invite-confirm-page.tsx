import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /organization/invite-confirm: accepting a space invitation. No records exist for it yet; the page says what it is for. */
export default function InviteConfirmPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('inviteConfirm.title')}
      description={t('inviteConfirm.description')}
      empty={t('inviteConfirm.empty')}
    />
  );
}
