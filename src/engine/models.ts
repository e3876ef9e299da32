/** Everything one dialect scores with: the acoustic model and the learned head. */
import type { Backend } from '../runtime/backend.js';
import { loadAcousticModel, type AcousticModel } from '../acoustic/model.js';
import type { ModelSource } from '../runtime/model-source.js';
import { loadScoringHead, type ScoringHead } from '../scoring/head.js';

export interface DialectModels {
  acoustic: AcousticModel;
  head: ScoringHead;
}

/** `folder`: the dialect's folder under models/ (engine/dialects.ts). */
export async function loadDialectModels(source: ModelSource, folder: string, backend: Backend = 'wasm'): Promise<DialectModels> {
  // One after the other, so a missing installation is reported by its first missing file.
  const acoustic = await loadAcousticModel(source, folder, backend);
  return { acoustic, head: await loadScoringHead(source, folder) };
}
