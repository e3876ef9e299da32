/**
 * The learned scoring head: three small MLPs trained on speechocean762 by
 * scripts/train-head.py and run through onnxruntime-web. Each takes the
 * vectors of scoring/features.ts and predicts the human scores on the
 * corpus' own scales: phone 0..2; word accuracy, stress, total 0..10;
 * utterance accuracy, fluency, prosodic, total 0..10.
 */
import * as ort from 'onnxruntime-web';
import { OralisError } from '../api/errors.js';
import type { Dialect } from '../api/request.js';
import type { ModelSource } from '../acoustic/model-source.js';
import { readManifest, readVerifiedFiles } from '../acoustic/verified-files.js';

export const WORD_OUTPUTS = ['accuracy', 'stress', 'total'] as const;
export const UTTERANCE_OUTPUTS = ['accuracy', 'fluency', 'prosodic', 'total'] as const;

interface HeadManifest {
  files: Record<'phone.onnx' | 'word.onnx' | 'utterance.onnx', string>;
  input_dims: { phone: number; word: number; utterance: number };
}

export interface ScoringHead {
  /** [rows × dim] → one prediction per row, 0..2. */
  phones(features: Float32Array): Promise<Float32Array>;
  /** [rows × dim] → [rows × WORD_OUTPUTS], 0..10. */
  words(features: Float32Array): Promise<Float32Array>;
  /** [dim] → UTTERANCE_OUTPUTS, 0..10. */
  utterance(features: Float32Array): Promise<Float32Array>;
}

/** Loads `<dialect>/head/`: manifest, sha256-checked ONNX files, one session each. */
export async function loadScoringHead(source: ModelSource, dialect: Dialect): Promise<ScoringHead> {
  const dir = `${dialect}/head`;
  const manifest = await readManifest<HeadManifest>(source, `${dir}/manifest.json`, `scoring head for ${dialect}`);
  const files = await readVerifiedFiles(source, dir, manifest.files);
  // Always WASM: the MLPs are tiny, and on WebGPU they would cost more in transfers than they save.
  const session = (name: keyof HeadManifest['files']) => ort.InferenceSession.create(files[name]!, { executionProviders: ['wasm'] });
  const [phone, word, utterance] = await Promise.all([session('phone.onnx'), session('word.onnx'), session('utterance.onnx')]);
  const dims = manifest.input_dims;
  return {
    phones: (x) => run(phone, x, dims.phone),
    words: (x) => run(word, x, dims.word),
    utterance: (x) => run(utterance, x, dims.utterance),
  };
}

async function run(session: ort.InferenceSession, features: Float32Array, dim: number): Promise<Float32Array> {
  if (features.length % dim !== 0) {
    throw new OralisError('internal_error', `Scoring head input has ${features.length} values, not a multiple of ${dim}.`);
  }
  const result = await session.run({ x: new ort.Tensor('float32', features, [features.length / dim, dim]) });
  return result.y!.data as Float32Array;
}
