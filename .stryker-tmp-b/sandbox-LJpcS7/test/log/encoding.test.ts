// @ts-nocheck
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReconError } from '../../src/errors.ts';
import { decodeLogBytes, loadJsonl } from '../../src/log/index.ts';
import { richJsonl } from '../helpers/log-builder.ts';
import { runCli } from '../helpers/run-cli.ts';

function refusal(run: () => unknown): ReconError {
  try {
    run();
  } catch (error) {
    if (ReconError.is(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The rich log with `bad` put inside the text of its third line. */
function withBytes(bad: readonly number[]): Buffer {
  const lines = richJsonl().split('\n');
  const [before, after] = [lines.slice(0, 2).join('\n') + '\n', lines.slice(3).join('\n')];
  const third = lines[2]!;
  const at = third.indexOf('"', third.indexOf('"data"') + 8) + 1;
  return Buffer.concat([Buffer.from(before), Buffer.from(third.slice(0, at)), Buffer.from(bad), Buffer.from(third.slice(at)), Buffer.from('\n'), Buffer.from(after)]);
}

describe('a log that is not UTF-8', () => {
  it('is text, byte for byte, when it is well-formed (every length of sequence)', () => {
    const text = '{"x":"a é € 🎉 \uFFFD"}\n';
    expect(decodeLogBytes(Buffer.from(text))).toBe(text);
  });

  it.each([
    ['a lone continuation byte', [0x80]],
    ['a cut two-byte sequence', [0xc3, 0x41]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a Latin-1 byte', [0xe9]],
  ])('is refused with LOG_NOT_UTF8 and its line, never loaded with U+FFFD: %s', (_, bad) => {
    const bytes = withBytes(bad);
    const error = refusal(() => decodeLogBytes(bytes, 'x.jsonl'));
    expect(error.code).toBe('LOG_NOT_UTF8');
    expect(error.location).toEqual({ file: 'x.jsonl', line: 3 });
    expect(error.message).toContain(`(${bad.map((b) => b.toString(16).padStart(2, '0')).join(' ')}`);
  });

  it('is refused by recon audit with its code and line, and the other logs are still audited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-encoding-'));
    writeFileSync(join(dir, 'latin1.jsonl'), withBytes([0xe9]));
    writeFileSync(join(dir, 'rich.jsonl'), richJsonl());
    const { code, stdout } = await runCli(['audit', 'latin1.jsonl', 'rich.jsonl', '--json'], {}, dir);
    expect(code).toBe(1);
    const { logs } = JSON.parse(stdout) as { logs: Array<Record<string, unknown>> };
    expect(logs[0]).toMatchObject({ file: 'latin1.jsonl', ok: false, code: 'LOG_NOT_UTF8', line: 3 });
    expect(logs[1]).toMatchObject({ file: 'rich.jsonl', ok: true });
  });
});

describe('a log with a byte order mark', () => {
  it('is refused with the BOM named, on line 1', () => {
    const error = refusal(() => loadJsonl(`\uFEFF${richJsonl()}`, { file: 'bom.jsonl' }));
    expect(error.code).toBe('SESSION_HEADER_INVALID');
    expect(error.message).toMatch(/^bom\.jsonl:1: SESSION_HEADER_INVALID: the file starts with a byte order mark \(BOM, U\+FEFF, bytes EF BB BF\)/);
    // Read from disk, the BOM reaches the loader (it is not silently dropped).
    expect(decodeLogBytes(Buffer.from(`\uFEFF{}`))).toBe('\uFEFF{}');
  });
});
