export { auditFiles, auditTargets, type AuditProgress, type AuditTarget } from './audit-files.ts';
export { auditFile, auditLog, cacheReadRate, type AuditOptions, type AuditedLog, type BreakCause, type RebuiltRequest, type RebuiltWire, type LogAudit, type PrefixBreak, type RefusedLog, type RequestAt, type StepCause, type UsagePoint } from './audit-log.ts';
