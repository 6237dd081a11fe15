/** `reconstructable/vitest`: the conformance suite as vitest tests (vitest is an optional peer dependency). */
// @ts-nocheck

export { ConformanceFailure, describeConformance, type DescribeConformanceOptions } from './describe-conformance.ts';
