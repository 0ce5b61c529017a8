import { useCallback } from 'react';
import type { AuditRow } from '@keystead/contract/api/spaces';
import { useLazyTranslation } from '@/lib/use-namespace';

const text = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;
const taskNumber = (value: unknown): string | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? `T${String(id).padStart(6, '0')}` : null;
};

/**
 * An audit row in words ("Alice signed T000002", "Bob created wallet Payments"); an operation
 * without its own sentence reads as the generic one. The server's CSV says the same.
 */
export function useAuditSentence(): (row: AuditRow) => string {
  const { t } = useLazyTranslation('audit');
  return useCallback(
    (row: AuditRow) => {
      const content = (row.content && typeof row.content === 'object' ? row.content : {}) as Record<
        string,
        unknown
      >;
      const role = text(content.to_role ?? content.role);
      const stage = text(content.stage);
      const emails = Array.isArray(content.emails) ? content.emails.join(', ') : null;
      const values = {
        actor: row.space_user ?? t('system'),
        wallet:
          row.wallet_name ?? text(content.name) ?? (content.wallet_id ? `#${text(content.wallet_id)}` : ''),
        task: row.task_number ?? taskNumber(content.task_id) ?? '',
        byTask: taskNumber(content.by_task) ?? '',
        name: text(content.name) ?? '',
        email: text(content.email) ?? emails ?? '',
        role: role === null ? '' : t(`roles.${role}`, { defaultValue: role }),
        plan: text(content.plan) ?? '',
        from: text(content.from) ?? '',
        to: text(content.to) ?? '',
        symbol: text(content.symbol) ?? '',
        dapp: text(content.dapp) ?? '',
        // Emergency recovery tasks: the recoverer, the delay, the expiry, the module.
        recoverer: text(content.recoverer) ?? '',
        hours: text(content.cooldown_hours) ?? '',
        expiry: Number(content.expiration_hours)
          ? t('recoveryExpiry.hours', { hours: text(content.expiration_hours) })
          : t('recoveryExpiry.none'),
        module: text(content.delay) ?? '',
        txid: text(content.txid) ?? '',
        status: stage === null ? '' : t(`status.${stage}`, { defaultValue: stage }),
        type: t(`types.${row.type}`, { defaultValue: row.type.replace(/_/g, ' ') }),
        operation: row.operation.replace(/_/g, ' '),
      };
      const key = `sentences.${row.type}.${row.operation}`;
      return t(key, { ...values, defaultValue: t('generic', values) });
    },
    [t],
  );
}
