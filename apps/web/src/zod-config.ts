// Zod compiles a fast parser per object schema with `new Function`, after probing whether the page
// may. The content security policy forbids it (no 'unsafe-eval'), and the probe is reported as a
// violation, so the app tells zod not to compile before any schema is made. It is imported first
// by main.tsx and kept by the bundler as a module with side effects (vite.config.ts).
import { config } from 'zod/v4/core';

config({ jitless: true });
