#!/usr/bin/env node
// Process entry: runs the TypeScript server through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
