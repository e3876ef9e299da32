/**
 * The Sphinx PTM model's ONNX graph (scripts/convert-sphinx-model.py): the
 * log-likelihood of requested senones for every frame, computed in chunks of
 * frames with the senones grouped by codebook.
 */
import * as ort from 'onnxruntime-web';
import { runSession } from '../../runtime/backend.js';
import type { Topology } from './topology.js';

/** Log-likelihoods of the given senones for every frame, row-major [frames × senones.length]. */
export type SenoneScorer = (features: Float32Array, senones: Int32Array) => Promise<Float32Array>;

/** Frames per ONNX run: bounds the [codebooks × frames × 128] density tensors while amortising the run overhead. */
const CHUNK_FRAMES = 512;

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

/** The PTM model's ONNX graph as a SenoneScorer over `dim`-dimensional features. */
export const senoneScorer = (session: ort.InferenceSession, topology: Topology, dim: number): SenoneScorer => (features, senones) => runChunked(session, topology, dim, features, senones);

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
