/** Everything one dialect scores with: the acoustic model and the learned head. */
import type { Backend } from '../acoustic/backend.js';
import { loadAcousticModel, type AcousticModel } from '../acoustic/model.js';
import type { ModelSource } from '../acoustic/model-source.js';
import type { Dialect } from '../api/request.js';
import { loadScoringHead, type ScoringHead } from './head.js';

export interface DialectModels {
  acoustic: AcousticModel;
  head: ScoringHead;
}

export async function loadDialectModels(source: ModelSource, dialect: Dialect, backend: Backend = 'wasm'): Promise<DialectModels> {
  // One after the other, so a missing installation is reported by its first missing file.
  const acoustic = await loadAcousticModel(source, dialect, backend);
  return { acoustic, head: await loadScoringHead(source, dialect) };
}
