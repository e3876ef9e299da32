import * as ort from 'onnxruntime-web';
import { OralisError } from '../api/errors.js';
import type { Dialect } from '../api/request.js';
import { FEATURE_DIM } from '../features/dynamic.js';
import type { ModelSource } from './model-source.js';
import { Topology, type TopologyManifest } from './topology.js';

interface Manifest {
  files: Record<string, string>;
  topology: TopologyManifest;
  log_transitions: (number | null)[][][];
}

export interface AcousticModel {
  topology: Topology;
  /** Log-likelihoods of the given senones for every frame, row-major [frames × senones.length]. */
  senoneLoglik(features: Float32Array, senones: Int32Array): Promise<Float32Array>;
}

/**
 * Frames per ONNX run. The graph gathers [frames × senones × 128] densities;
 * 256 frames × ~300 senones keeps that near 40 MB while amortising the run overhead.
 */
const CHUNK_FRAMES = 256;

/** Loads `<dialect>/manifest.json`, checks every file against its sha256, and opens the ONNX session. */
export async function loadAcousticModel(source: ModelSource, dialect: Dialect): Promise<AcousticModel> {
  const manifestPath = `${dialect}/manifest.json`;
  const manifestBytes = await source.read(manifestPath);
  if (manifestBytes === undefined) {
    throw new OralisError(
      'model_unavailable',
      `No acoustic model is installed for ${dialect}: ${source.locate(manifestPath)} does not exist.`,
    );
  }
  const manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as Manifest;
  const files: Record<string, Uint8Array> = {};
  for (const [name, sha] of Object.entries(manifest.files)) {
    const bytes = await source.read(`${dialect}/${name}`);
    if (bytes === undefined) {
      throw new OralisError('model_unavailable', `Model file ${source.locate(`${dialect}/${name}`)} is missing.`);
    }
    if ((await sha256(bytes)) !== sha) {
      throw new OralisError('model_unavailable', `Model file ${source.locate(`${dialect}/${name}`)} is corrupt (sha256 mismatch).`);
    }
    files[name] = bytes;
  }
  const topology = new Topology(manifest.topology, files['hmm.bin']!, manifest.log_transitions);
  const session = await ort.InferenceSession.create(files['acoustic.onnx']!, { executionProviders: ['wasm'] });
  return { topology, senoneLoglik: (features, senones) => runChunked(session, features, senones) };
}

async function runChunked(session: ort.InferenceSession, features: Float32Array, senones: Int32Array): Promise<Float32Array> {
  const frames = features.length / FEATURE_DIM;
  const k = senones.length;
  const out = new Float32Array(frames * k);
  const ids = new ort.Tensor('int64', BigInt64Array.from(senones, (s) => BigInt(s)), [k]);
  for (let start = 0; start < frames; start += CHUNK_FRAMES) {
    const count = Math.min(CHUNK_FRAMES, frames - start);
    const chunk = features.subarray(start * FEATURE_DIM, (start + count) * FEATURE_DIM);
    const result = await session.run({ features: new ort.Tensor('float32', chunk, [count, FEATURE_DIM]), senones: ids });
    out.set(result.loglik!.data as Float32Array, start * k);
  }
  return out;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
