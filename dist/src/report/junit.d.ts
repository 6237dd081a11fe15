import type { RunRecord } from '../suite/run-record.ts';
export declare function renderRunJunit(run: RunRecord): string;
