import * as ort from 'onnxruntime-web';
import { featureDim } from '../features/dynamic.js';
import { filterbankOf, type Filterbank, type FrontEndManifest } from '../features/mfcc.js';
import type { ModelSource } from '../runtime/model-source.js';
import { createSession, runSession, type Backend, type BackendChoice } from '../runtime/backend.js';
import { Topology, type TopologyManifest } from './topology.js';
import { readManifest, readVerifiedFiles } from '../runtime/verified-files.js';

interface Manifest {
  files: Record<string, string>;
  topology: TopologyManifest;
  log_transitions: (number | null)[][][];
  noisedict: Record<string, string>;
  features: FrontEndManifest;
}

export interface AcousticModel {
  topology: Topology;
  /** The execution provider the ONNX session runs on, and why not WebGPU when 'auto' fell back. */
  backend: BackendChoice;
  /** The front end's filterbank and cepstra, from the manifest. */
  filterbank: Filterbank;
  /** Log-likelihoods of the given senones for every frame, row-major [frames × senones.length]. */
  senoneLoglik(features: Float32Array, senones: Int32Array): Promise<Float32Array>;
}

/** Frames per ONNX run: bounds the [codebooks × frames × 128] density tensors while amortising the run overhead. */
const CHUNK_FRAMES = 512;

/** Loads `<folder>/manifest.json` (a dialect's models folder), checks every file against its sha256, and opens the ONNX session. */
export async function loadAcousticModel(source: ModelSource, folder: string, backend: Backend = 'wasm'): Promise<AcousticModel> {
  const manifest = await readManifest<Manifest>(source, `${folder}/manifest.json`, `acoustic model in ${folder}/`);
  const files = await readVerifiedFiles(source, folder, manifest.files);
  const filterbank = filterbankOf(manifest.features);
  const topology = new Topology(manifest.topology, files['hmm.bin']!, manifest.log_transitions, manifest.noisedict);
  const { session, ...chosen } = await createSession(files['acoustic.onnx']!, backend);
  const dim = featureDim(filterbank.cepstra);
  return { topology, backend: chosen, filterbank, senoneLoglik: (features, senones) => runChunked(session, topology, dim, features, senones) };
}

/**
 * The graph takes senones grouped by codebook, [codebooks × slots], each row
 * padded by repeating its first senone; the padding's outputs are ignored.
 */
function groupByCodebook(topology: Topology, senones: Int32Array) {
  const groups = new Map<number, number[]>();
  senones.forEach((s, k) => {
    const cb = topology.codebookOf(s);
    const group = groups.get(cb);
    if (group) group.push(k);
    else groups.set(cb, [k]);
  });
  const rows = [...groups.values()];
  const width = Math.max(...rows.map((r) => r.length));
  const slots = new BigInt64Array(rows.length * width);
  // Where each requested senone's column lands in the [codebooks × frames × slots] output.
  const rowOf = new Int32Array(senones.length);
  const slotOf = new Int32Array(senones.length);
  rows.forEach((row, c) =>
    row.forEach((k, j) => {
      rowOf[k] = c;
      slotOf[k] = j;
    }),
  );
  for (let c = 0; c < rows.length; c++) {
    for (let j = 0; j < width; j++) slots[c * width + j] = BigInt(senones[rows[c]![Math.min(j, rows[c]!.length - 1)]!]!);
  }
  return {
    codebooks: new ort.Tensor('int64', BigInt64Array.from([...groups.keys()], BigInt), [rows.length]),
    slots: new ort.Tensor('int64', slots, [rows.length, width]),
    width,
    rowOf,
    slotOf,
  };
}

async function runChunked(session: ort.InferenceSession, topology: Topology, dim: number, features: Float32Array, senones: Int32Array): Promise<Float32Array> {
  const frames = features.length / dim;
  const k = senones.length;
  const out = new Float32Array(frames * k);
  if (k === 0) return out;
  const { codebooks, slots, width, rowOf, slotOf } = groupByCodebook(topology, senones);
  for (let start = 0; start < frames; start += CHUNK_FRAMES) {
    const count = Math.min(CHUNK_FRAMES, frames - start);
    const chunk = features.subarray(start * dim, (start + count) * dim);
    const result = await runSession(session, { features: new ort.Tensor('float32', chunk, [count, dim]), codebooks, slots });
    const ll = result.loglik!.data as Float32Array;
    for (let s = 0; s < k; s++) {
      const base = rowOf[s]! * count * width + slotOf[s]!;
      for (let t = 0; t < count; t++) out[(start + t) * k + s] = ll[base + t * width]!;
    }
  }
  return out;
}
