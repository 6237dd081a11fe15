import { type CassetteHeader, type Interaction } from './cassette.ts';
export interface CassetteWriter {
    append(interaction: Interaction): Promise<void>;
}
/** A writer for `file`: created with `header` when missing, appended to when it holds a valid cassette. */
export declare function openCassetteWriter(file: string, header: CassetteHeader): Promise<CassetteWriter>;
