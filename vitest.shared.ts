import os from 'node:os';

/**
 * How many test files run side by side, in every project. Each project must say it itself: a
 * project does not inherit the root config's `maxWorkers`, and without it ran one file at a time
 * (Vitest 5 resolved it to 1 per project), which left a core idle while a file waited on its
 * database or a child process. Every file owns its world (its own database copy, ports and
 * folders), so two or more run side by side. All projects share the value: files of projects with
 * different limits cannot be scheduled in one group.
 */
export const FILES_AT_ONCE = Math.max(2, os.availableParallelism());
