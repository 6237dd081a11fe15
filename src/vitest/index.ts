/** `reconstructable/vitest`: the conformance suite as vitest tests (vitest is an optional peer dependency). */
export { ConformanceFailure, describeConformance, type DescribeConformanceOptions } from './describe-conformance.ts';
