/** A bundled Sphinx model opened directly (not through the registry), for tests of the family's own parts. */
import { readFileSync } from 'node:fs';
import { loadSphinxModel, type SphinxModel } from '../../src/acoustic/sphinx/model.js';
import { BUNDLED_MODELS_DIR, fileModelSource } from '../../src/runtime/file-model-source.js';

export const loadSphinx = (folder: 'en-us' | 'es'): Promise<SphinxModel> =>
  loadSphinxModel(fileModelSource(), folder, JSON.parse(readFileSync(`${BUNDLED_MODELS_DIR}/${folder}/manifest.json`, 'utf8')), 'wasm');
