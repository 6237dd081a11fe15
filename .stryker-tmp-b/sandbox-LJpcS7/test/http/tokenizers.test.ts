// @ts-nocheck
// The tokenizers are optional dependencies: without one, a token estimate says which
// package to install, with a code, instead of a module-resolution stack.
import { describe, expect, it } from 'vitest';
import { ReconError } from '../../src/errors.ts';
import { optional } from '../../src/http/tokenizers.ts';

describe('an optional tokenizer package', () => {
  it('loads when present', async () => {
    const loaded = await optional('js-tiktoken', () => import('js-tiktoken/lite'));
    expect(typeof loaded.Tiktoken).toBe('function');
  });

  it('is TOKENIZER_MISSING, naming the package, when absent', async () => {
    const missing = 'reconstructable-no-such-tokenizer';
    const error: unknown = await optional(missing, () => import(/* @vite-ignore */ missing)).catch((e: unknown) => e);
    expect(ReconError.is(error)).toBe(true);
    expect((error as ReconError).code).toBe('TOKENIZER_MISSING');
    expect((error as ReconError).hint).toContain(`npm install ${missing}`);
  });

  it('passes any other failure on unchanged', async () => {
    const failure = new SyntaxError('broken module');
    await expect(optional('js-tiktoken', () => Promise.reject(failure))).rejects.toBe(failure);
  });
});
