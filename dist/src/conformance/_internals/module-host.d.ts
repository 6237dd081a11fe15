export type HostReply = {
    readonly type: 'ready';
    readonly candidate: unknown;
} | {
    readonly type: 'unavailable';
    readonly message: string;
} | {
    readonly type: 'result';
    readonly id: number;
    readonly value: unknown;
} | {
    readonly type: 'thrown';
    readonly id: number;
    readonly name: string;
    readonly message: string;
};
export interface HostCall {
    readonly id: number;
    readonly operation: string;
    readonly args: readonly unknown[];
}
