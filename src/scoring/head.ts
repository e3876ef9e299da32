/**
 * The learned scoring head, trained on speechocean762 by
 * scripts/train-head.py and run through onnxruntime-web. One small sequence
 * model (a bidirectional GRU over the utterance's phones, GOPT-style
 * multi-task) reads the vectors of scoring/features.ts and predicts the
 * human scores on the corpus' own scales: phone 0..2; word accuracy, stress,
 * total 0..10; utterance accuracy, fluency, prosodic, total, completeness
 * 0..10. Seeing its neighbours lets a phone's score use context that a
 * per-phone model cannot (a schwa next to a dropped consonant, a word
 * squeezed in by the aligner).
 *
 * The manifest also carries the calibration measured on cross-validated
 * predictions (scoring/calibration.ts) and the fidelity thresholds.
 */
import * as ort from 'onnxruntime-web';
import { OralisError } from '../contract/errors.js';
import { createSession, runSession } from '../runtime/backend.js';
import type { ModelSource } from '../runtime/model-source.js';
import { readManifest, readVerifiedFiles } from '../runtime/verified-files.js';
import type { Calibration } from './calibration.js';
import type { PhoneLayout } from './features.js';

export const WORD_OUTPUTS = ['accuracy', 'stress', 'total'] as const;
export const UTTERANCE_OUTPUTS = ['accuracy', 'fluency', 'prosodic', 'total', 'completeness'] as const;

interface HeadManifest {
  files: Record<'head.onnx', string>;
  input_dims: { phone: number; word: number; utterance: number };
  /** Absent in heads written before the portable layout: those read the inventory layout. */
  phone_layout?: PhoneLayout;
  calibration: Calibration;
}

export interface HeadInput {
  /** [phones × phone dim]. */
  phones: Float32Array;
  /** [words × word dim]. */
  words: Float32Array;
  /** Phones per word, in order; they sum to the phone rows. */
  wordLengths: readonly number[];
  /** [utterance dim]. */
  utterance: Float32Array;
}

export interface HeadOutput {
  /** One per phone, 0..2. */
  phones: Float32Array;
  /** [words × WORD_OUTPUTS], 0..10. */
  words: Float32Array;
  /** UTTERANCE_OUTPUTS, 0..10. */
  utterance: Float32Array;
}

export interface ScoringHead {
  run(input: HeadInput): Promise<HeadOutput>;
  /** How it reads phones (scoring/features.ts). */
  layout: PhoneLayout;
  calibration: Calibration;
}

/** Loads `<folder>/head/` (a dialect's models folder): manifest, sha256-checked ONNX, one session. */
export async function loadScoringHead(source: ModelSource, folder: string): Promise<ScoringHead> {
  const dir = `${folder}/head`;
  const manifest = await readManifest<HeadManifest>(source, `${dir}/manifest.json`, `scoring head in ${folder}/`);
  const files = await readVerifiedFiles(source, dir, manifest.files);
  // Always WASM: the model is tiny, and on WebGPU it would cost more in transfers than it saves.
  const { session } = await createSession(files['head.onnx']!, 'wasm');
  const dims = manifest.input_dims;
  return {
    layout: manifest.phone_layout ?? 'inventory',
    calibration: manifest.calibration,
    run: async ({ phones, words, wordLengths, utterance }) => {
      const rows = phones.length / dims.phone;
      if (!Number.isInteger(rows) || words.length !== wordLengths.length * dims.word || utterance.length !== dims.utterance || wordLengths.reduce((a, b) => a + b, 0) !== rows) {
        throw new OralisError('internal_error', `Scoring head inputs do not match its dimensions (${dims.phone}/${dims.word}/${dims.utterance}).`);
      }
      // Each word's row averages its own phones' states.
      const pool = new Float32Array(wordLengths.length * rows);
      let first = 0;
      wordLengths.forEach((n, w) => {
        pool.fill(1 / n, w * rows + first, w * rows + first + n);
        first += n;
      });
      const result = await runSession(session, {
        phones: new ort.Tensor('float32', phones, [rows, dims.phone]),
        words: new ort.Tensor('float32', words, [wordLengths.length, dims.word]),
        pool: new ort.Tensor('float32', pool, [wordLengths.length, rows]),
        utterance: new ort.Tensor('float32', utterance, [1, dims.utterance]),
      });
      return {
        phones: result.phone_scores!.data as Float32Array,
        words: result.word_scores!.data as Float32Array,
        utterance: result.utterance_scores!.data as Float32Array,
      };
    },
  };
}
