/** Everything one dialect scores with: the acoustic model (its family chosen by the manifest's `kind`) and the learned head. */
import type { AcousticModel } from '../acoustic/model.js';
import { OralisError } from '../contract/errors.js';
import type { Backend } from '../runtime/backend.js';
import type { ModelSource } from '../runtime/model-source.js';
import { readManifest } from '../runtime/verified-files.js';
import { loadScoringHead, type ScoringHead } from '../scoring/head.js';
import { MODEL_FAMILIES } from './dialects.js';

export interface DialectModels {
  acoustic: AcousticModel;
  head: ScoringHead;
}

/** `folder`: the dialect's folder under models/ (engine/dialects.ts); `headFolder`: the folder whose head/ scores it. */
export async function loadDialectModels(source: ModelSource, folder: string, backend: Backend = 'wasm', headFolder = folder): Promise<DialectModels> {
  // One after the other, so a missing installation is reported by its first missing file.
  const manifest = await readManifest<{ kind?: unknown }>(source, `${folder}/manifest.json`, `acoustic model in ${folder}/`);
  const kind = typeof manifest.kind === 'string' ? manifest.kind : '';
  if (!Object.hasOwn(MODEL_FAMILIES, kind)) {
    throw new OralisError('model_unavailable', `The acoustic model in ${source.locate(folder)}/ is of kind ${JSON.stringify(manifest.kind ?? null)}, which this build cannot load (it loads ${Object.keys(MODEL_FAMILIES).join(', ')}).`);
  }
  const acoustic = await MODEL_FAMILIES[kind]!(source, folder, manifest, backend);
  return { acoustic, head: await loadScoringHead(source, headFolder) };
}
