import { type Command } from './command.ts';
export declare const e2e: Command;
