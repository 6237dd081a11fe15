/** `--impl module:<path>`: an `Implementation` exported by a JS or TS module, checked in process. */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ReconError } from '../errors.ts';
import { LEVELS, isLevelList, type Implementation } from './implementation.ts';
import { METHODS } from './protocol/methods.ts';

const HINT = 'export the implementation as `export default { info: { name, version, language, levels }, load(jsonl) { … } }` or as `export const implementation = …`';

export async function openModuleImplementation(path: string, cwd: string): Promise<Implementation> {
  const file = resolve(cwd, path);
  let module: { default?: unknown; implementation?: unknown };
  try {
    module = (await import(pathToFileURL(file).href)) as typeof module;
  } catch (error) {
    throw new ReconError('IMPL_UNAVAILABLE', `module ${file} could not be imported: ${(error as Error).message}`);
  }
  const candidate = module.implementation ?? module.default;
  const problem = implementationProblem(candidate);
  if (problem !== undefined) throw new ReconError('IMPL_UNAVAILABLE', `module ${file} does not export an Implementation: ${problem}`, { hint: HINT });
  return candidate as Implementation;
}

function implementationProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'it has neither a default export nor an export named "implementation" that is an object';
  const { info } = value as { info?: { name?: unknown; levels?: unknown } };
  if (typeof info?.name !== 'string') return '"info.name" is not a string';
  const { levels } = info;
  if (!isLevelList(levels)) return `"info.levels" is not a list of ${LEVELS.join(', ')}`;
  const missing = Object.values(METHODS).filter((m) => levels.includes(m.level) && typeof (value as Record<string, unknown>)[m.operation] !== 'function');
  return missing.length === 0 ? undefined : `it lacks operations of the levels it declares: ${missing.map((m) => `${m.operation} (${m.level})`).join(', ')}`;
}
