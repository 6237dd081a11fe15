/** `recon audit --attachments`: image requests rebuilt to their wire bytes from the log and its objects. */
// @ts-nocheck

import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DirectoryAttachmentStore } from '../../src/attachments/index.ts';
import type { AuditedLog } from '../../src/audit/index.ts';
import { reconstructRequest, requestBoundaries } from '../../src/fold/index.ts';
import { loadJsonl } from '../../src/log/index.ts';
import { serializeDeepSeekRequest } from '../../src/wire/index.ts';
import { DSH_LOGS_DIR } from '../helpers/corpora.ts';
import { runCli } from '../helpers/run-cli.ts';

const LOG = join(DSH_LOGS_DIR, 'acp__snapshots__read-image__session.jsonl');
const STORE = join(DSH_LOGS_DIR, '../attachments');
const OBJECT = 'attachments/v1/objects/b1/b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640';

async function audited(args: readonly string[], env: Record<string, string> = {}) {
  const result = await runCli(['audit', LOG, '--json', '--workers', '1', ...args], { DSH_HOME: mkdtempSync(join(tmpdir(), 'recon-dsh-home-')), ...env });
  return { ...result, log: (JSON.parse(result.stdout) as { logs: AuditedLog[] }).logs[0]! };
}

describe('recon audit --attachments', () => {
  it('gives the wire bytes of both requests of the real read-image log, its image read from the store', async () => {
    const { code, log } = await audited(['--attachments', STORE]);
    expect(code).toBe(0);
    expect(log.rebuilt).toHaveLength(2);
    const { log: events } = loadJsonl(readFileSync(LOG, 'utf8'));
    const store = new DirectoryAttachmentStore(STORE);
    for (const [i, boundary] of requestBoundaries(events.events).entries()) {
      const request = { ...reconstructRequest(events.events, boundary.seq, events.header.id)!, tools: [] };
      const expected = serializeDeepSeekRequest(request, { images: { attachments: store, acceptsImages: () => true } }).body;
      expect(log.rebuilt[i]!.wire).toMatchObject({ provider: 'deepseek', body: expected, bytes: Buffer.byteLength(expected), without: ['tools'] });
    }
    const image = Buffer.from(readFileSync(join(STORE, OBJECT))).toString('base64');
    expect(log.rebuilt[1]!.wire!.body).toContain(`"url":"data:image/png;base64,${image}"`);
    expect(log.attachmentErrors).toBe(0);
  });

  it('without the objects names the missing one with ATTACHMENT_NOT_FOUND, fails, and audits the rest', async () => {
    const { code, log, stderr } = await audited([]);
    expect(code).toBe(1);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(log.rebuilt[1]!.attachmentError).toMatchObject({ code: 'ATTACHMENT_NOT_FOUND', message: expect.stringContaining('sha256:b1ff9c8e') as string });
    expect(log.rebuilt[1]!.wire).toBeUndefined();
    expect(log.requests).toBe(2);
    const text = await runCli(['audit', LOG, '--workers', '1'], { DSH_HOME: mkdtempSync(join(tmpdir(), 'recon-dsh-home-')) });
    expect(text.stdout).toContain('ATTACHMENT_NOT_FOUND: attachment object sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640 is missing');
  });

  it('finds the store under $DSH_HOME by default, and refuses a damaged object with ATTACHMENT_CORRUPT', async () => {
    const home = mkdtempSync(join(tmpdir(), 'recon-dsh-home-'));
    cpSync(STORE, home, { recursive: true });
    expect((await audited([], { DSH_HOME: home })).log.rebuilt[1]!.wire?.provider).toBe('deepseek');
    const bytes = readFileSync(join(home, OBJECT));
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    writeFileSync(join(home, OBJECT), bytes);
    const { code, log } = await audited([], { DSH_HOME: home });
    expect(code).toBe(1);
    expect(log.rebuilt[1]!.attachmentError?.code).toBe('ATTACHMENT_CORRUPT');
  });
});
