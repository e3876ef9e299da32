import { describe, expect, it } from 'vitest';
import { EN_US } from '../../../src/languages/en-us/index.js';
import { packageCmudict } from '../../../src/languages/en-us/cmudict-package.js';
import { pronunciations, readDictionary } from '../../../src/lexicon/dictionary.js';
import type { ModelSource } from '../../../src/runtime/model-source.js';

const CMUDICT_PATH = EN_US.dictionaryFile!;
const fetchedCmudict = (source: ModelSource) => readDictionary(source, CMUDICT_PATH);
const sourceWith = (files: Record<string, string>): ModelSource => ({
  read: async (path, check) => {
    if (!Object.hasOwn(files, path)) return undefined;
    const bytes = new TextEncoder().encode(files[path]);
    await check?.(bytes);
    return bytes;
  },
  locate: (path) => `memory:${path}`,
});

describe('the en-us dictionary loaders the entries inject', () => {
  it('Node: the npm package, with its variants', async () => {
    const cmudict = await packageCmudict();
    expect(pronunciations(cmudict, 'bear')).toEqual([['B', 'EH1', 'R']]);
    expect(pronunciations(cmudict, 'read')).toHaveLength(2);
  });

  it('browser: the JSON file beside the models, read through the model source', async () => {
    const cmudict = await fetchedCmudict(sourceWith({ [CMUDICT_PATH]: JSON.stringify({ bear: 'B EH1 R', 'bear(2)': 'B AE1 R' }) }));
    expect(pronunciations(cmudict, 'bear')).toEqual([['B', 'EH1', 'R'], ['B', 'AE1', 'R']]);
  });

  it('browser: a missing file is model_unavailable naming where it was looked for', async () => {
    await expect(fetchedCmudict(sourceWith({}))).rejects.toMatchObject({ code: 'model_unavailable', message: expect.stringContaining(`memory:${CMUDICT_PATH}`) });
  });

  it('browser: a file that is not JSON is model_unavailable, not a parser crash', async () => {
    await expect(fetchedCmudict(sourceWith({ [CMUDICT_PATH]: '<!doctype html><p>Not found</p>' }))).rejects.toMatchObject({ code: 'model_unavailable', message: expect.stringContaining('HTML page') });
  });

  it('neither answers from Object.prototype', async () => {
    expect(pronunciations(await packageCmudict(), '__proto__')).toEqual([]);
    const empty = await fetchedCmudict(sourceWith({ [CMUDICT_PATH]: '{}' }));
    for (const key of ['__proto__', 'constructor', 'toString']) expect(pronunciations(empty, key)).toEqual([]);
  });
});
