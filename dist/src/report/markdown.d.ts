import type { RunRecord } from '../suite/run-record.ts';
export declare function renderRunMarkdown(run: RunRecord): string;
