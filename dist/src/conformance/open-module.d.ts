import { type Implementation } from './implementation.ts';
export interface ModuleOptions {
    readonly timeoutMs?: number;
}
export declare function openModuleImplementation(path: string, cwd: string, options?: ModuleOptions): Promise<Implementation>;
