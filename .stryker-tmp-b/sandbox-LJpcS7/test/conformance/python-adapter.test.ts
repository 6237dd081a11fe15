// @ts-nocheck
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { openImplementation } from '../../src/conformance/open-implementation.ts';
import { runSuite } from '../../src/suite/run-suite.ts';

const ROOT = join(import.meta.dirname, '../..');
const python = spawnSync('python3', ['--version']).status === 0;

describe.skipIf(!python)('the example Python adapter (docs/PROTOCOL.md)', () => {
  it('is driven through the log properties: every result comes back, misses are failures, not harness crashes', async () => {
    const impl = await openImplementation('cmd:python3 examples/python-adapter/adapter.py', { cwd: ROOT, validateProtocol: true });
    try {
      expect(impl.info).toEqual({ name: 'python-example', version: '0.1.0', language: 'python', levels: ['log'], scenarioFeatures: [], era: 'current' });
      const only = ['LOG-FORMAT-VERSION', 'LOG-APPEND-ROUNDTRIP', 'LOG-LOAD-VALID', 'FOLD-MATCHES-SPEC'];
      const result = await runSuite(impl, PROPERTIES, { runs: 10, seed: 5, only });
      const verdicts = Object.fromEntries(result.properties.map((p) => [p.id, p.counterexample?.kind ?? p.status]));
      // It reads format versions right, has no log/append, and does not expand packed chunk rows.
      expect(verdicts).toEqual({ 'LOG-FORMAT-VERSION': 'pass', 'LOG-APPEND-ROUNDTRIP': 'protocol-error', 'LOG-LOAD-VALID': 'wrong-answer', 'FOLD-MATCHES-SPEC': 'n/a' });
    } finally {
      await impl.close?.();
    }
  });
});
