/**
 * The utterance HMM as Viterbi walks it, whatever model family built it:
 * phones, their states with the model's emission units and self-loops, and
 * predecessor arcs. acoustic/sphinx/graph.ts builds it for the Sphinx model.
 */

export interface GraphPhone {
  /** Index of the phone among the model's `phones` (GOP's competitors); -1 for a filler. */
  competitor: number;
  /** Lexicon phone with its stress digit, or the filler name. */
  label: string;
  /** Index of the word, or -1 for a filler. */
  word: number;
  /** A filler that is noise (a cough, a hesitation), not silence. */
  noise: boolean;
  variant: number;
  /** Position of the phone within its variant. */
  index: number;
}

export interface AlignmentGraph {
  phones: GraphPhone[];
  /** Per state: owning phone, the model's emission unit (Sphinx: senone id), self-loop log probability. */
  statePhone: Int32Array;
  stateUnit: Int32Array;
  selfLoop: Float64Array;
  /** Predecessor arcs in CSR form; a `from` of -1 means the utterance start. */
  predStart: Int32Array;
  predFrom: Int32Array;
  predLogp: Float64Array;
  /** States that may end the utterance, with their exit log probability. */
  finals: { state: number; logp: number }[];
}
