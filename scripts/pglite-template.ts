#!/usr/bin/env bun
// The embedded database's template (see src/store/pglite-template.ts): with OUT, builds it into
// that file (what the service runs in a child process when the template is missing); without,
// makes sure this checkout's template exists under build/ (npm's postinstall step).
import { buildPgliteTemplate, pgliteTemplate } from '../src/store/pglite-template.ts';

const out = process.argv[2];
if (out) await buildPgliteTemplate(out);
else console.log(`database template: ${await pgliteTemplate()}`);
