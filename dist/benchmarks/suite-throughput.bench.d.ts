export interface Throughput {
    readonly cases: number;
    readonly ms: number;
    readonly casesPerSecond: number;
}
export declare function suiteThroughput(runs: number): Promise<{
    readonly inProcess: Throughput;
    readonly stdio: Throughput;
}>;
