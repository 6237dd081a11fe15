/**
 * The composite action (action.yml) run as a runner runs it: each `run:` step in bash
 * with `-eo pipefail`, in its working directory, with its `env:`, the inputs substituted
 * for `${{ inputs.x }}`, GITHUB_ACTION_PATH at this checkout and fresh GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY files; the action's outputs resolved from the steps' outputs.
 */
// @ts-nocheck

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readRunJsonl } from '../src/suite/run-record.ts';

const ROOT = join(import.meta.dirname, '..');

interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly with?: Record<string, string>;
  readonly run?: string;
  readonly shell?: string;
  readonly 'working-directory'?: string;
  readonly env?: Record<string, string>;
}

interface Action {
  readonly inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  readonly outputs: Record<string, { description: string; value: string }>;
  readonly runs: { readonly using: string; readonly steps: readonly Step[] };
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** `${{ inputs.x }}` replaced by the value given or the input's default; any other expression is an error here. */
function substitute(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => {
    const input = action.inputs[name];
    if (input === undefined) throw new Error(`action.yml uses an undeclared input ${name}`);
    return inputs[name] ?? input.default ?? '';
  });
}

/** `name=value` lines and `name<<DELIMITER` blocks, as the runner reads GITHUB_OUTPUT. */
function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([\w-]+)<<(.+)$/.exec(line);
    if (heredoc !== null) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      out[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return out;
}

interface ActionRun {
  /** The exit code of the step that failed, or 0. */
  readonly code: number;
  readonly outputs: Record<string, string>;
  readonly summary: string;
  readonly workspace: string;
  readonly log: string;
}

/** Runs the action's steps in order; a failing step stops it, as on a runner, and its exit code is the result. */
function runAction(inputs: Record<string, string>, prepare: (workspace: string) => void = () => {}): ActionRun {
  const workspace = mkdtempSync(join(tmpdir(), 'recon-action-'));
  const runner = mkdtempSync(join(tmpdir(), 'recon-runner-'));
  const summaryFile = join(runner, 'step-summary.md');
  writeFileSync(summaryFile, 'from an earlier step\n');
  prepare(workspace);
  const stepOutputs: Record<string, Record<string, string>> = {};
  let code = 0;
  let log = '';
  for (const [i, step] of action.runs.steps.entries()) {
    if (step.uses !== undefined) continue; // another action: not run here (the first test checks its condition)
    const outputFile = join(runner, `output-${i}`);
    const script = join(runner, `step-${i}.sh`);
    writeFileSync(outputFile, '');
    writeFileSync(script, substitute(step.run!, inputs));
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(v, inputs)]));
    const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: join(workspace, substitute(step['working-directory'] ?? '.', inputs)),
      env: { ...process.env, ...env, GITHUB_ACTION_PATH: ROOT, GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile },
      encoding: 'utf8',
    });
    log += `${result.stdout}${result.stderr}`;
    if (step.id !== undefined) stepOutputs[step.id] = parseOutputFile(readFileSync(outputFile, 'utf8'));
    if (result.status !== 0) {
      code = result.status ?? 1;
      break;
    }
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, { value }]) => {
      const ref = /^\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}$/.exec(value);
      if (ref === null) throw new Error(`output ${name} is not a step output: ${value}`);
      return [name, stepOutputs[ref[1]!]?.[ref[2]!] ?? ''];
    }),
  );
  return { code, outputs, summary: readFileSync(summaryFile, 'utf8'), workspace, log };
}

describe('action.yml', () => {
  it('is a composite action whose steps use declared inputs only and whose outputs come from its check step', () => {
    expect(action.runs.using).toBe('composite');
    for (const name of ['impl', 'runs', 'seed', 'expectations', 'working-directory', 'node-version']) expect(action.inputs, name).toHaveProperty(name);
    for (const name of ['junit-path', 'exit-code', 'summary-path', 'badge-path']) expect(action.outputs[name]!.value).toMatch(/steps\.check\.outputs\./);
    const text = JSON.stringify(action.runs.steps);
    for (const [, name] of text.matchAll(/\$\{\{\s*inputs\.([\w-]+)/g)) expect(action.inputs, name).toHaveProperty(name!);
    // Every run step runs unconditionally, so running them all here is what a runner does;
    // the one other action, setup-node, runs only when a Node version is asked for.
    for (const step of action.runs.steps) {
      if (step.run !== undefined) expect([step.if, step.shell]).toEqual([undefined, 'bash']);
      else expect([step.uses, step.if]).toEqual(['actions/setup-node@v4', "${{ inputs.node-version != '' }}"]);
    }
    // Inputs reach scripts through env only, never pasted into the script text.
    for (const step of action.runs.steps) expect(step.run ?? '').not.toMatch(/\$\{\{/);
  });

  it('runs recon check in its working directory, appends summary.md to the step summary and writes junit.xml where its output says', () => {
    const result = runAction({ runs: '2', seed: '7', 'working-directory': 'harness' }, (workspace) => mkdirSync(join(workspace, 'harness')));
    expect(result.code, result.log).toBe(0);
    const dir = join(result.workspace, 'harness', 'recon-report');
    expect(result.outputs).toEqual({
      'exit-code': '0',
      'report-dir': dir,
      'junit-path': join(dir, 'junit.xml'),
      'summary-path': join(dir, 'summary.md'),
      'badge-path': join(dir, 'badge.json'),
    });
    const run = readRunJsonl(readFileSync(join(dir, 'run.jsonl'), 'utf8'));
    expect(run.header).toMatchObject({ impl: 'reference', seed: 7, budget: 2 });
    const junit = readFileSync(result.outputs['junit-path']!, 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(run.results.length);
    expect(junit).not.toContain('<failure ');
    // Appended after what an earlier step wrote.
    expect(result.summary).toBe(`from an earlier step\n${readFileSync(result.outputs['summary-path']!, 'utf8')}`);
    expect(JSON.parse(readFileSync(result.outputs['badge-path']!, 'utf8'))).toMatchObject({ message: `${run.results.length}/${run.results.length} conformant`, color: 'brightgreen' });
  });

  it('fails the step with recon check\'s exit code after writing the reports, and takes expectations and extra arguments', () => {
    const args = '--property LOG-FORMAT-VERSION  --property FOLD-FROZEN --no-save';
    const failing = runAction({ impl: 'mutant:reads-any-version', runs: '5', seed: '3', args });
    expect(failing.code, failing.log).toBe(1);
    expect(failing.outputs['exit-code']).toBe('1');
    const junit = readFileSync(failing.outputs['junit-path']!, 'utf8');
    expect([junit.match(/<testcase /g)?.length, junit.match(/<failure /g)?.length]).toEqual([2, 1]);
    expect(failing.summary).toContain('LOG-FORMAT-VERSION');
    expect(failing.summary).toContain('FAIL (unexpected)');

    const known = runAction({ impl: 'mutant:reads-any-version', runs: '5', seed: '3', args, expectations: 'known.json', 'report-dir': 'out/recon' }, (workspace) =>
      writeFileSync(join(workspace, 'known.json'), JSON.stringify({ implementation: 'mutant:reads-any-version', expected: [{ property: 'LOG-FORMAT-VERSION', status: 'fail', reason: 'on purpose' }] })),
    );
    expect(known.code, known.log).toBe(0);
    expect(known.outputs['junit-path']).toBe(join(known.workspace, 'out/recon/junit.xml'));
    expect(existsSync(known.outputs['junit-path']!)).toBe(true);
    expect(JSON.parse(readFileSync(known.outputs['badge-path']!, 'utf8'))).toMatchObject({ color: 'green' });
  });

  it('says so in the step summary when recon check stops before any report', () => {
    const result = runAction({ impl: 'nowhere:x', runs: '1' });
    expect(result.code).toBe(2);
    expect(result.outputs['exit-code']).toBe('2');
    expect(result.summary).toContain('recon check exited 2 before it wrote a report');
    expect(existsSync(result.outputs['junit-path']!)).toBe(false);
  });
});
