// @ts-nocheck
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METHODS } from '../../src/conformance/protocol/methods.ts';
import { schemaProblem, SCHEMA_FILE, type SchemaPart } from '../../src/conformance/protocol/schema.ts';
import { ATTACHMENT_ERROR_CODES, LOG_ERROR_CODES, WIRE_ERROR_CODES } from '../../src/errors.ts';

const doc = readFileSync(join(import.meta.dirname, '../../docs/PROTOCOL.md'), 'utf8');
const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as { $defs: Record<string, unknown> };

describe('docs/PROTOCOL.md and schemas/protocol-v1.json', () => {
  it('cover every method and every refusal code', () => {
    for (const method of [...Object.keys(METHODS), 'initialize', 'shutdown']) {
      expect(doc).toContain(`\`${method}\``);
      expect(Object.keys(schema.$defs)).toEqual(expect.arrayContaining([`${method}.params`, `${method}.result`]));
    }
    for (const code of [...Object.keys(LOG_ERROR_CODES), ...Object.keys(WIRE_ERROR_CODES), ...Object.keys(ATTACHMENT_ERROR_CODES)]) expect(doc).toContain(`| \`${code}\` |`);
  });

  it('show only example lines the schema accepts', () => {
    const examples = doc.split('\n').map((line) => line.replace(/^[→←] /, '')).filter((line) => /^\[?\{"jsonrpc"/.test(line));
    expect(examples.length).toBeGreaterThan(25);
    // Each response follows its request: its result is checked against that method's result schema.
    const methodOf = new Map<unknown, string>();
    let results = 0;
    for (const line of examples) {
      const message = JSON.parse(line) as unknown;
      expect(schemaProblem('message', message), line.slice(0, 120)).toBeUndefined();
      for (const part of (Array.isArray(message) ? message : [message]) as Array<{ id: unknown; method?: string; result?: unknown }>) {
        if (part.method !== undefined) methodOf.set(part.id, part.method);
        else if ('result' in part) {
          expect(schemaProblem(`${methodOf.get(part.id)}.result` as SchemaPart, part.result), line.slice(0, 120)).toBeUndefined();
          results++;
        }
      }
    }
    expect(results).toBeGreaterThan(10);
  });
});
