/**
 * Browser entry (also what the scoring worker runs): the engine with models
 * fetched from `modelBaseUrl` and cached, on the chosen ONNX backend.
 *
 * @module oralis/browser-engine
 */
import { configureOnnxRuntime, type OnnxRuntimeOptions } from './runtime/backend.js';
import { fetchModelSource, type ModelProgress } from './runtime/fetch-model-source.js';
import { readDictionary } from './lexicon/dictionary.js';
import { createEngine, type ScoringEngine } from './engine/engine.js';

export * from './index.js';
export { fetchModelSource, type ModelProgress } from './runtime/fetch-model-source.js';
export { decodeNatively } from './runtime/native-decode.js';
export type { Backend, ChosenBackend, OnnxRuntimeOptions } from './runtime/backend.js';

export interface BrowserEngineOptions extends OnnxRuntimeOptions {
  /** URL of the models folder (holding en-us/...), as `oralis assets` or the `oralis/vite` plugin lays it out. */
  modelBaseUrl: string;
  onProgress?: (progress: ModelProgress) => void;
}

export function createBrowserEngine(options: BrowserEngineOptions): ScoringEngine {
  configureOnnxRuntime(options);
  const models = fetchModelSource(options.modelBaseUrl, { onProgress: options.onProgress });
  return createEngine({ models, backend: options.backend ?? 'auto', dictionary: (file) => readDictionary(models, file) });
}
