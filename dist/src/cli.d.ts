import { type Io } from './cli/command.ts';
export declare function main(argv: readonly string[], io?: Io): Promise<number>;
