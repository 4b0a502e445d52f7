#!/usr/bin/env node
// Shim: load the TypeScript CLI through tsx (installed at the repository root).
import { tsImport } from 'tsx/esm/api';

const mod = await tsImport('./pvplan-engine.ts', import.meta.url);
process.exitCode = await mod.main(process.argv.slice(2));
