#!/usr/bin/env node
// The `portal` command (packages/cli): its TypeScript runs through tsx, as the repo's other tools
// (docs/decisions/0001).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2), { env: process.env });
