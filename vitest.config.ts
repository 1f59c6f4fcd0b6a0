import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest 4.1 runs one worker less than the cores when not watching: one on CI's two, so the
    // files ran one at a time while each waited on PostgreSQL, ffmpeg or a child process. The
    // e2e project keeps its single worker (fileParallelism: false) and runs after the others.
    maxWorkers: '100%',
    projects: [
      { test: { name: 'core', include: ['core/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: [
            'tests/support/postgres-global-setup.ts',
            'tests/support/redis-global-setup.ts',
            'tests/support/pglite-global-setup.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // docs/deploy.md's deployment: PostgreSQL, Redis, two app processes and nginx.
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/postgres-global-setup.ts', 'tests/support/redis-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 240_000,
        },
      },
      { test: { name: 'sw', include: ['sw/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'src', include: ['src/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/e2e-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
