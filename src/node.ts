/**
 * `oralis`, the Node entry: the engine with models read from this package's models/ folder by default.
 *
 * @module oralis
 */
import { fileModelSource } from './runtime/file-model-source.js';
import { createEngine, type ScoringEngine } from './engine/engine.js';
import { isolatedDecoder } from './runtime/isolated-decoder.js';
import { packageCmudict } from './languages/en-us/cmudict-package.js';
import { readDictionary, type PronouncingDictionary } from './lexicon/dictionary.js';
import type { Language } from './lexicon/language.js';
import { configureOnnxRuntime, type OnnxRuntimeOptions } from './runtime/backend.js';

export * from './index.js';
export { fileModelSource, BUNDLED_MODELS_DIR } from './runtime/file-model-source.js';

/** Dictionaries Node imports from npm packages; every other pack's is read from its dictionaryFile beside the models. */
const PACKAGED_DICTIONARIES: Readonly<Record<string, () => Promise<PronouncingDictionary>>> = { 'en-us': packageCmudict };

export interface NodeEngineOptions extends Pick<OnnxRuntimeOptions, 'numThreads'> {
  /** A models folder laid out like this package's models/ (the default). */
  modelDir?: string;
}

export function createNodeEngine(options: NodeEngineOptions = {}): ScoringEngine {
  configureOnnxRuntime(options);
  const models = fileModelSource(options.modelDir);
  const dictionary = (file: string, language: Language) =>
    Object.hasOwn(PACKAGED_DICTIONARIES, language.id) ? PACKAGED_DICTIONARIES[language.id]!() : readDictionary(models, file);
  return createEngine({ models, decoder: isolatedDecoder(), dictionary });
}
