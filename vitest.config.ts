import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Vitest's default keeps a core for its own process: one worker on a 2-core machine, which left
    // the other core idle while files waited on SQLite commits (decision 078).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: {
      NODE_ENV: 'test',
      SEED_ON_START: 'false',
      DATABASE_URL: 'file:./data/never-used-by-tests.db',
    },
  },
});
