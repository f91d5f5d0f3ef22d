/** The audit log's public entry (decision 126): the log of one account, for the users and staff areas. */
export { AuditLog } from './components/AuditLog.tsx';
