/** Node entry: the engine with models read from this package's models/ folder by default. */
import { fileModelSource } from './acoustic/file-model-source.js';
import { createEngine, type ScoringEngine } from './api/engine.js';
import { isolatedDecoder } from './audio/isolated-decoder.js';

export * from './index.js';
export { fileModelSource, BUNDLED_MODELS_DIR } from './acoustic/file-model-source.js';

export function createNodeEngine(options: { modelDir?: string } = {}): ScoringEngine {
  return createEngine({ models: fileModelSource(options.modelDir), decoder: isolatedDecoder() });
}
