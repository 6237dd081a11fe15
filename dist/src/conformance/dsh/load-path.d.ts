import type { SessionEvent as DshEvent } from '@deepseek-ai/dsh-session';
import { type DshPackages } from './packages.ts';
import { type StoredLog } from './storage.ts';
export interface LoadedLog extends StoredLog {
    /** The closers DSH's crash repair would append (turn left open by a torn tail). */
    readonly closers: readonly DshEvent[];
}
export declare function loadWithDsh(dsh: DshPackages, text: string): Promise<LoadedLog>;
