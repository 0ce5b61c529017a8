/** What other parts of the app may use from the transfer-policy feature. */
export { BroadcastAfter, TaskPolicyLine } from './components/task-policy-line';
