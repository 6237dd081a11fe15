// @ts-nocheck
import type { ChildProcessByStdio, ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Readable } from 'node:stream';
import { main } from '../../src/cli.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `recon <argv>` in process with captured output. */
export async function runCli(argv: readonly string[], env: Record<string, string | undefined> = {}, cwd = process.cwd()): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd,
    env,
  });
  return { code, stdout, stderr };
}

/** Resolves with the first line a child prints on stdout; rejects if it exits first. */
export function firstLine(child: ChildProcessWithoutNullStreams | ChildProcessByStdio<null, Readable, Readable>, what = () => ''): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (part: Buffer) => {
      out += part.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.on('exit', () => reject(new Error(`exited early: ${what()}`)));
  });
}
