export { auditFiles, auditTargets } from "./audit-files.js";
export { auditFile, auditLog, cacheReadRate } from "./audit-log.js";
