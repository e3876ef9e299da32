/** Node entry: the engine with models read from this package's models/ folder by default. */
import { fileModelSource } from './runtime/file-model-source.js';
import { createEngine, type ScoringEngine } from './engine/engine.js';
import { isolatedDecoder } from './runtime/isolated-decoder.js';
import { packageCmudict } from './languages/en-us/cmudict-package.js';

export * from './index.js';
export { fileModelSource, BUNDLED_MODELS_DIR } from './runtime/file-model-source.js';

export function createNodeEngine(options: { modelDir?: string } = {}): ScoringEngine {
  return createEngine({ models: fileModelSource(options.modelDir), decoder: isolatedDecoder(), dictionaries: { 'en-us': packageCmudict } });
}
