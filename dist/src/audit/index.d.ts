export { auditFiles, auditTargets, type AuditProgress, type AuditTarget } from './audit-files.ts';
export { auditFile, auditLog, cacheReadRate, type AuditedLog, type BreakCause, type LogAudit, type PrefixBreak, type RefusedLog, type RequestAt, type StepCause, type UsagePoint } from './audit-log.ts';
