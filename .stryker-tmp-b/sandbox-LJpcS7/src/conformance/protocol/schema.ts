/**
 * Checks protocol messages against schemas/protocol-v1.json (the handshake always, every
 * message with `--validate-protocol`). ajv is loaded and each part compiled on first use,
 * so a check of an in-process implementation never pays for it.
 */
// @ts-nocheck

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { packagePath } from '../../_internals/package-root.ts';
import type { Ajv2020 as Ajv, ValidateFunction } from 'ajv/dist/2020.js';
import type { Method } from './methods.ts';

export const SCHEMA_FILE = pathToFileURL(packagePath('schemas/protocol-v1.json'));
const SCHEMA_ID = 'urn:reconstructable:protocol:1';

/** A whole line (`message`), or the params or result of one method, e.g. `log/load.result`. */
export type SchemaPart = 'message' | `${Method | 'initialize' | 'shutdown'}.${'params' | 'result'}`;

let ajv: Ajv | undefined;
const validators = new Map<SchemaPart, ValidateFunction>();

function compiler(): Ajv {
  if (ajv === undefined) {
    const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    ajv = new Ajv2020({ strict: true, allowUnionTypes: true }).addSchema(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
  }
  return ajv;
}

function validator(part: SchemaPart): ValidateFunction {
  let validate = validators.get(part);
  if (validate === undefined) {
    const ref = part === 'message' ? SCHEMA_ID : `${SCHEMA_ID}#/$defs/${part.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    validate = compiler().getSchema(ref)!;
    validators.set(part, validate);
  }
  return validate;
}

/** What is wrong with `value` as `part`, in one line, or undefined when it conforms. */
export function schemaProblem(part: SchemaPart, value: unknown): string | undefined {
  const validate = validator(part);
  if (validate(value)) return undefined;
  const [error] = validate.errors ?? [];
  return error === undefined ? `does not match ${part}` : `${error.instancePath || '(the value)'} ${error.message ?? 'is invalid'} (schema ${error.schemaPath})`;
}
