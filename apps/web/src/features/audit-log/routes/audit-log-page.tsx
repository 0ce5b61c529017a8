import { useTranslation } from 'react-i18next';
import { EmptyPage } from '@/components/ui/empty-page';

/** /audit-log (privileged): the audit trail of the space. No records exist for it yet; the page says what it is for. */
export default function AuditLogPage() {
  const { t } = useTranslation('pages');
  return (
    <EmptyPage
      title={t('auditLog.title')}
      description={t('auditLog.description')}
      empty={t('auditLog.empty')}
    />
  );
}
