/** Where a run happened: two runs compare only when these match. */
export interface Environment {
    readonly harness: string;
    readonly node: string;
    readonly v8: string;
    readonly platform: string;
    readonly arch: string;
    readonly cpu: string;
    readonly cores: number;
    readonly memoryGiB: number;
    /** 1-minute load average when the run started: a busy machine makes numbers noisy. */
    readonly load: number;
    readonly commit: string | null;
    readonly dirty: boolean | null;
}
export declare function environment(): Environment;
