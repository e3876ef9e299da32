/** Everything one dialect scores with: the acoustic model and the learned head. */
import { loadAcousticModel, type AcousticModel } from '../acoustic/model.js';
import type { ModelSource } from '../acoustic/model-source.js';
import type { Dialect } from '../api/request.js';
import { loadScoringHead, type ScoringHead } from './head.js';

export interface DialectModels {
  acoustic: AcousticModel;
  head: ScoringHead;
}

export async function loadDialectModels(source: ModelSource, dialect: Dialect): Promise<DialectModels> {
  // One after the other, so a missing installation is reported by its first missing file.
  const acoustic = await loadAcousticModel(source, dialect);
  return { acoustic, head: await loadScoringHead(source, dialect) };
}
