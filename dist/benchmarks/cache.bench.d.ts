import type { CacheRun } from './run.ts';
export declare function simulatedCache(): Promise<{
    readonly reference: CacheRun;
    readonly naive: CacheRun;
}>;
