// @ts-nocheck
export { auditUsage, HARNESS_NAMES, type UsageAudit, type UsageFileAudit, type UsageTarget } from './audit-usage.ts';
export { shapeOfRecord, sniffLogShape, type LogShape } from './detect-shape.ts';
export { attributeUsageDrop, BYTE_LEVEL_CODES, USAGE_DROP_CODES, type Marker, type UsageDrop, type UsageDropCode } from './drop-attribution.ts';
export type { CallCounts, Harness, UsageCall, UsageSession } from './usage-session.ts';
export type { Place } from './_internals/records.ts';
export { usageDocuments, type UsageDocument } from './usage-documents.ts';
export { auditLogs, isDshAudit, type AuditLogsOptions, type AuditReport, type AuditSummary, type FileAudit } from './audit-logs.ts';
