import type { RunRecord } from '../suite/run-record.ts';
export declare const esc: (text: string) => string;
export declare function renderRunHtml(run: RunRecord): string;
