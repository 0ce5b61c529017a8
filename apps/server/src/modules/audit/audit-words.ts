import type { Language } from '@keystead/contract';
import { taskNumber } from '../transfers/transfer-create';
import { AUDIT_WORDS } from './audit-words-text';

/** What a sentence needs of one audit row. */
export interface AuditSentenceRow {
  type: string;
  operation: string;
  content: unknown;
  actor: string | null;
  wallet_name: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;
const taskOf = (value: unknown): string | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? taskNumber(id) : null;
};

/** The transfer number a row is about (T000002), or null. */
export function auditTaskNumber(content: unknown): string | null {
  return taskOf((content as Record<string, unknown> | null)?.task_id);
}

/** The row in words in `language`: "Alice signed T000002", "Bob created wallet Payments" … */
export function auditSentence(row: AuditSentenceRow, language: Language): string {
  const words = AUDIT_WORDS[language];
  const content = (row.content && typeof row.content === 'object' ? row.content : {}) as Record<
    string,
    unknown
  >;
  const role = text(content.to_role ?? content.role);
  const emails = Array.isArray(content.emails) ? content.emails.join(', ') : null;
  const values: Record<string, string> = {
    actor: row.actor ?? words.system,
    wallet: row.wallet_name ?? text(content.name) ?? (content.wallet_id ? `#${text(content.wallet_id)}` : ''),
    task: auditTaskNumber(content) ?? '',
    byTask: taskOf(content.by_task) ?? '',
    name: text(content.name) ?? '',
    email: text(content.email) ?? emails ?? '',
    role: role === null ? '' : (words.roles[role] ?? role),
    plan: text(content.plan) ?? '',
    from: text(content.from) ?? '',
    to: text(content.to) ?? '',
    symbol: text(content.symbol) ?? '',
    dapp: text(content.dapp) ?? '',
    status: content.stage === undefined ? '' : (words.status[String(content.stage)] ?? String(content.stage)),
    type: words.types[row.type] ?? row.type.replace(/_/g, ' '),
    operation: row.operation.replace(/_/g, ' '),
  };
  const template = words.sentences[`${row.type}.${row.operation}`] ?? words.generic;
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, key: string) => values[key] ?? '');
}
