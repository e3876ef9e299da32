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
    ['src/align/x.ts', "import type { AcousticModel } from '../acoustic/model.js';"],
  ])('%s importing upward (%s) is an error', async (file, code) => {
    expect(await lint(file, code)).toEqual([expect.stringMatching(/is on floor \d: it may import only its own floor and lower ones/)]);
  });

  it.each([
    ['src/engine/engine.ts', "import { EN_US } from '../languages/en-us/index.js';", /Only engine\/dialects.ts and the entries name a concrete language pack or model family/],
    ['src/scoring/x.ts', "import { Topology } from '../acoustic/sphinx/topology.js';", /Only engine\/dialects.ts and the entries name/],
    ['src/acoustic/model.ts', "import { loadSphinxModel } from './sphinx/model.js';", /A seam does not import the plug-ins that implement it/],
    ['src/acoustic/sphinx/x.ts', "import { read } from '../htk/reader.js';", /does not import another one/],
    ['src/scoring/x.ts', "import type { TextScore } from '../contract/schema.js';", /only report\/ builds wire objects/],
    ['src/engine/x.ts', "import { readFile } from 'node:fs/promises';", /Only runtime\/, node.ts and browser.ts know the platform/],
  ])('%s: %s breaks a house rule', async (file, code, message) => {
    expect(await lint(file, code)).toEqual([expect.stringMatching(message)]);
  });

  it('keeps fetch and navigator.gpu to runtime/', async () => {
    const [result] = await eslint.lintText("export const f = () => fetch('x');\nexport const g = () => navigator.gpu;\n", { filePath: `${REPO_ROOT}/src/engine/x.ts` });
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['no-restricted-globals', 'no-restricted-properties']);
    const [runtime] = await eslint.lintText("export const f = () => fetch('x');\n", { filePath: `${REPO_ROOT}/src/runtime/x.ts` });
    expect(runtime!.messages).toEqual([]);
  });

  it.each([
    ['src/report/x.ts', "import { applyCurve } from '../scoring/calibration.js';"],
    ['src/engine/x.ts', "import { textScoreOf } from '../report/response.js';"],
    ['src/scoring/x.ts', "import { OralisError } from '../contract/errors.js';"],
    ['src/engine/dialects.ts', "import { EN_US } from '../languages/en-us/index.js';"],
    ['src/acoustic/sphinx/x.ts', "import type { AcousticModel } from '../model.js';"],
    ['src/acoustic/sphinx/x.ts', "import { OralisError } from '../../contract/errors.js';"],
    ['src/runtime/x.ts', "import { readFile } from 'node:fs/promises';"],
    ['src/languages/en-gb/x.ts', "import { syllabify } from '../en-us/syllables.js';"],
  ])('%s importing downward (%s) is fine', async (file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});
