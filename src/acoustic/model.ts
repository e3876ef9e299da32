/**
 * The AcousticModel seam: what the analysis path (engine/analysis.ts) needs
 * from any acoustic model family, and nothing it may not. A family lives in
 * acoustic/<family>/ and implements this; a model's manifest names its family
 * in `kind`, and engine/dialects.ts maps each kind to the family's loader.
 */
import type { AlignmentGraph } from '../align/graph.js';
import type { AnalysisWindow } from '../features/endpoints.js';
import type { Backend, BackendChoice } from '../runtime/backend.js';
import type { ModelSource } from '../runtime/model-source.js';

/** A pronunciation: the lexicon's phones, vowels with their stress digit. */
export type Pronunciation = readonly string[];

export interface AcousticScores {
  /** Log-likelihoods per 10 ms frame of the analysis window, row-major [frames × columns]. */
  loglik: Float32Array;
  columns: number;
  /** The `loglik` column of each graph state. */
  stateColumns: Int32Array;
  /** For each of the model's `phones`, the columns of its context-independent states: the phones GOP lets compete. */
  competitors: readonly (readonly number[])[];
  /** The speaker warp the front end chose (1 for a family without VTLN); the scoring head reads it. */
  warp: number;
}

export interface AcousticModel<Encoded = unknown> {
  /** The manifest's `kind`: which family this is. */
  kind: string;
  /** The execution provider the model runs on, and why not WebGPU when 'auto' fell back. */
  backend: BackendChoice;
  /** The speech phones, named as the lexicon names them less the stress digit, in the order GOP's competitors take. */
  phones: readonly string[];
  /** The text-independent front end over the analysis window: computed once per recording and shared by a multiple-choice request's options. */
  encode(samples16k: Float32Array, window: AnalysisWindow): Encoded;
  /** The alignment graph of words, each given as its pronunciation variants, with optional fillers (silence, noise) around and between them. */
  graph(words: readonly (readonly Pronunciation[])[]): AlignmentGraph;
  score(encoded: Encoded, graph: AlignmentGraph): Promise<AcousticScores>;
}

/** Opens a model of one family from its folder and parsed manifest (after the family checks the manifest is its own). */
export type AcousticModelLoader = (source: ModelSource, folder: string, manifest: unknown, backend: Backend) => Promise<AcousticModel>;

/**
 * The loglik columns of a scoring request: one per distinct emission unit,
 * first the graph's states' units, then those the competitors add.
 */
export function scoreColumns(graph: AlignmentGraph, competitorUnits: readonly (readonly number[])[]) {
  const columnOf = new Map<number, number>();
  const columnFor = (unit: number) => {
    let c = columnOf.get(unit);
    if (c === undefined) columnOf.set(unit, (c = columnOf.size));
    return c;
  };
  const stateColumns = Int32Array.from(graph.stateUnit, columnFor);
  const graphUnits = Int32Array.from(columnOf.keys());
  const competitors = competitorUnits.map((units) => units.map(columnFor));
  return { stateColumns, competitors, graphUnits, units: Int32Array.from(columnOf.keys()) };
}
