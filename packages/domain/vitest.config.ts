import { defineProject } from 'vitest/config';
import { FILES_AT_ONCE } from '../../vitest.shared';

export default defineProject({
  test: { name: 'domain', environment: 'node', include: ['src/**/*.test.ts'], maxWorkers: FILES_AT_ONCE },
});
