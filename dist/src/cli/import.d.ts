import { type Command } from './command.ts';
export declare const importCommand: Command;
