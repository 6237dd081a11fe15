// @ts-nocheck
export { auditFiles, auditTargets, type AuditProgress, type AuditTarget } from './audit-files.ts';
export { auditFile, auditLog, cacheReadRate, refused, type AuditOptions, type AuditedLog, type BreakCause, type RebuiltRequest, type RebuiltWire, type LogAudit, type PrefixBreak, type RefusedLog, type RequestAt, type StepCause, type UsagePoint } from './audit-log.ts';
export { currentTranscript, sessionGeneration, storeOfHome, transcripts, type SessionGeneration } from './dsh-store.ts';
