/**
 * Checks protocol messages against schemas/protocol-v1.json (the handshake always, every
 * message with `--validate-protocol`). ajv is loaded and each part compiled on first use,
 * so a check of an in-process implementation never pays for it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { packagePath } from "../../_internals/package-root.js";
export const SCHEMA_FILE = pathToFileURL(packagePath('schemas/protocol-v1.json'));
const SCHEMA_ID = 'urn:reconstructable:protocol:1';
let ajv;
const validators = new Map();
function compiler() {
    if (ajv === undefined) {
        const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js');
        ajv = new Ajv2020({ strict: true, allowUnionTypes: true }).addSchema(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));
    }
    return ajv;
}
function validator(part) {
    let validate = validators.get(part);
    if (validate === undefined) {
        const ref = part === 'message' ? SCHEMA_ID : `${SCHEMA_ID}#/$defs/${part.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        validate = compiler().getSchema(ref);
        validators.set(part, validate);
    }
    return validate;
}
/** What is wrong with `value` as `part`, in one line, or undefined when it conforms. */
export function schemaProblem(part, value) {
    const validate = validator(part);
    if (validate(value))
        return undefined;
    const [error] = validate.errors ?? [];
    return error === undefined ? `does not match ${part}` : `${error.instancePath || '(the value)'} ${error.message ?? 'is invalid'} (schema ${error.schemaPath})`;
}
