import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';

describe('the API reference (npm run docs:api, typedoc)', () => {
  it('builds from the doc comments of the four entries with no warning, and documents what users call', () => {
    const out = mkdtempSync(join(tmpdir(), 'oralis-api-'));
    // typedoc.json treats warnings (broken links, unreadable comments) as errors: this throws on any.
    execFileSync(join(REPO_ROOT, 'node_modules/.bin/typedoc'), ['--out', out], { cwd: REPO_ROOT, stdio: 'pipe' });
    for (const page of ['modules/oralis.html', 'modules/oralis_browser.html', 'modules/oralis_vite.html', 'interfaces/oralis.TextParams.html']) {
      expect(existsSync(join(out, page)), page).toBe(true);
    }
    expect(readFileSync(join(out, 'interfaces/oralis.TextParams.html'), 'utf8')).toContain('include_unknown_words');
    expect(readFileSync(join(out, 'modules/oralis_browser.html'), 'utf8')).toContain('createScorer');
  }, 120_000);
});
