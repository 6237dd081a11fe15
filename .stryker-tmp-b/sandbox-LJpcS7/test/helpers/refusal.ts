// @ts-nocheck
import type { ReconError } from '../../src/errors.ts';

/** The code `body` is refused with, or undefined when it returns. */
export function refusalCode(body: () => unknown): string | undefined {
  try {
    body();
    return undefined;
  } catch (error) {
    return (error as ReconError).code;
  }
}
