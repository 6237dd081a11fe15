// @ts-nocheck
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['test/mutation/*.mutation.ts'], testTimeout: 120_000 },
});
