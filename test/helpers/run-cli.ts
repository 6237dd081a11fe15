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
