#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx: one artefact, no separate compile step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2));
if (code !== null) process.exitCode = code;
