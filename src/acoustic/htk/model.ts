/**
 * The HTK family (manifest kind "htk-gauss"): HTK models of single-Gaussian
 * states converted by scripts/convert-htk-model.py (the SPPAS French
 * models). Encoding computes the model's own MFCC_0_D_N_Z features
 * (front-end.ts) over the analysis window, the statics' mean taken over the
 * speech; scoring asks the ONNX graph for the log-likelihoods of the graph's
 * states and of every speech phone's monophone states (GOP's competitors).
 * No speaker warp: the warp reported is 1.
 */
import * as ort from 'onnxruntime-web';
import { OralisError } from '../../contract/errors.js';
import type { AlignmentGraph } from '../../align/graph.js';
import type { AnalysisWindow } from '../../features/endpoints.js';
import { createSession, runSession, type Backend } from '../../runtime/backend.js';
import type { ModelSource } from '../../runtime/model-source.js';
import { readVerifiedFiles } from '../../runtime/verified-files.js';
import { scoreColumns, type AcousticModel, type AcousticScores } from '../model.js';
import { htkFeatures, htkFilterbank, type HtkFrontEndConfig } from './front-end.js';
import { buildHtkGraph, HtkInventory, type HmmTable } from './graph.js';

export const HTK_KIND = 'htk-gauss';

interface HtkManifest {
  kind: typeof HTK_KIND;
  files: Record<string, string>;
  features: HtkFrontEndConfig;
  phones: string[];
  hmm_names: Record<string, string>;
  silence: string;
  short_pause: string;
  fillers: string[];
}

export interface HtkEncoded {
  /** MFCC_0_D_N_Z vectors of the window, [frames × dim]. */
  features: Float32Array;
}

export interface HtkModel extends AcousticModel<HtkEncoded> {
  inventory: HtkInventory;
  /** Log-likelihoods of the given states for every frame of `features`, row-major [frames × states.length]. */
  stateLoglik(features: Float32Array, states: ArrayLike<number>): Promise<Float32Array>;
}

/** Frames per ONNX run: bounds the [frames × states] output while amortising the run overhead. */
const CHUNK_FRAMES = 512;

export async function loadHtkModel(source: ModelSource, folder: string, raw: unknown, backend: Backend): Promise<HtkModel> {
  const manifest = raw as HtkManifest;
  if (manifest.kind !== HTK_KIND) throw new OralisError('model_unavailable', `The model in ${folder}/ is not an ${HTK_KIND} model.`);
  const files = await readVerifiedFiles(source, folder, manifest.files);
  const table = JSON.parse(new TextDecoder().decode(files['hmms.json']!)) as HmmTable;
  const inventory = new HtkInventory(table, manifest);
  const bank = htkFilterbank(manifest.features);
  const dim = 2 * (manifest.features.cepstra + 1) - 1;
  const { session, ...chosen } = await createSession(files['acoustic.onnx']!, backend);
  const scorer = (features: Float32Array, states: ArrayLike<number>) => stateLoglik(session, dim, features, states);
  return {
    kind: HTK_KIND,
    backend: chosen,
    phones: manifest.phones,
    inventory,
    stateLoglik: scorer,
    encode: (samples, window) => ({ features: htkFeatures(windowSamples(samples, window, manifest.features), bank, window.speech) }),
    graph: (words) => buildHtkGraph(inventory, words),
    score: (encoded, graph) => scoreGraph(scorer, inventory, encoded, graph),
  };
}

/** The samples under the window's frames (frame f starts at f × shift), digital silence outside the recording. */
function windowSamples(samples: Float32Array, window: AnalysisWindow, config: HtkFrontEndConfig): Float32Array {
  const { shift_samples: shift, window_samples: size } = config;
  const out = new Float32Array(Math.max(0, (window.length - 1) * shift + size));
  const start = window.first * shift;
  const from = Math.max(0, start);
  const to = Math.min(samples.length, start + out.length);
  if (to > from) out.set(samples.subarray(from, to), from - start);
  return out;
}

async function scoreGraph(
  scorer: HtkModel['stateLoglik'],
  inventory: HtkInventory,
  encoded: HtkEncoded,
  graph: AlignmentGraph,
): Promise<AcousticScores> {
  const { stateColumns, competitors, units } = scoreColumns(
    graph,
    inventory.phones.map((p) => inventory.monophoneStates(p)),
  );
  return { loglik: await scorer(encoded.features, units), columns: units.length, stateColumns, competitors, warp: 1 };
}

async function stateLoglik(session: ort.InferenceSession, dim: number, features: Float32Array, states: ArrayLike<number>): Promise<Float32Array> {
  const frames = features.length / dim;
  const out = new Float32Array(frames * states.length);
  if (states.length === 0) return out;
  const ids = new ort.Tensor('int64', BigInt64Array.from(Array.from(states, BigInt)), [states.length]);
  for (let start = 0; start < frames; start += CHUNK_FRAMES) {
    const count = Math.min(CHUNK_FRAMES, frames - start);
    const chunk = features.subarray(start * dim, (start + count) * dim);
    const result = await runSession(session, { features: new ort.Tensor('float32', chunk, [count, dim]), states: ids });
    out.set(result.loglik!.data as Float32Array, start * states.length);
  }
  return out;
}
