import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';

describe('a CommonJS consumer', () => {
  it('gets the Node API from require("oralis") (Node 20.19+ loads ES modules through require)', () => {
    const project = mkdtempSync(join(tmpdir(), 'oralis-cjs-'));
    writeFileSync(join(project, 'package.json'), '{"type": "commonjs"}');
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(REPO_ROOT, join(project, 'node_modules', 'oralis'));
    const out = execFileSync(process.execPath, ['-e', "const o = require('oralis'); console.log(typeof o.createNodeEngine, typeof o.createEngine)"], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out.trim()).toBe('function function');
  });
});
