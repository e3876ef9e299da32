import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';

const eslint = new ESLint({ cwd: REPO_ROOT });
const lint = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: `${REPO_ROOT}/${file}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('imports run one way (npm run lint)', () => {
  it.each([
    ['src/scoring/x.ts', "import { createEngine } from '../engine/engine.js';"],
    ['src/scoring/x.ts', "import type { TextScore } from '../report/response.js';"],
    ['src/contract/x.ts', "import { mean } from '../scoring/features.js';"],
    ['src/audio/x.ts', "import { createNodeEngine } from '../node.js';"],
    ['src/align/x.ts', "import type { Topology } from '../acoustic/topology.js';"],
  ])('%s importing upward (%s) is an error', async (file, code) => {
    expect(await lint(file, code)).toEqual([expect.stringMatching(/is on floor \d: it may import only its own floor and lower ones/)]);
  });

  it.each([
    ['src/report/x.ts', "import { applyCurve } from '../scoring/calibration.js';"],
    ['src/engine/x.ts', "import { textScoreOf } from '../report/response.js';"],
    ['src/scoring/x.ts', "import { OralisError } from '../contract/errors.js';"],
  ])('%s importing downward (%s) is fine', async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});
