/** What other parts of the app may use from the audit-log feature. */
export { useAuditSentence } from './components/audit-sentence';
