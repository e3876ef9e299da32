/**
 * The utterance HMM every family builds the same way: each word's
 * pronunciation variants as parallel chains of context-dependent phone HMMs,
 * with optional fillers (silence, noise) before, between and after words.
 * A family supplies only how a phone in context becomes emitting states and
 * transitions (acoustic/sphinx/graph.ts, acoustic/htk/graph.ts).
 */
import type { AlignmentGraph, GraphPhone } from '../align/graph.js';
import type { Pronunciation } from './model.js';

/** A phone's HMM: its emitting states' emission units and log transition probabilities (null: no such transition). */
export interface PhoneHmm {
  units: readonly number[];
  /** [from][to] among the emitting states; the diagonal holds the self-loops. */
  within: readonly (readonly (number | null)[])[];
  /** From the phone's entry into each emitting state. */
  entry: readonly (number | null)[];
  /** From each emitting state out of the phone. */
  exit: readonly (number | null)[];
}

/** Where a phone sits in its word (Sphinx's triphones depend on it). */
export type Position = 'b' | 'e' | 'i' | 's';

export interface ChainModel {
  /** A lexicon phone between its neighbours (null at the utterance's edges), with its index among the model's `phones` (GOP's competitors). */
  phone(label: string, left: string | null, right: string | null, position: Position): { hmm: PhoneHmm; competitor: number };
  /** The fillers that may sit before, between and after words, in the model's order. */
  fillers: readonly { name: string; noise: boolean; hmm: PhoneHmm }[];
}

interface Exit {
  state: number;
  logp: number;
}

export function buildChainGraph(model: ChainModel, words: readonly (readonly Pronunciation[])[]): AlignmentGraph {
  const phones: GraphPhone[] = [];
  const units: number[] = [];
  const owners: number[] = [];
  const selfLoops: number[] = [];
  const arcs: { to: number; from: number; logp: number }[] = [];

  const addPhone = (phone: GraphPhone, hmm: PhoneHmm, entry: readonly Exit[]): Exit[] => {
    const owner = phones.push(phone) - 1;
    const first = units.length;
    hmm.units.forEach((unit, s) => {
      units.push(unit);
      owners.push(owner);
      selfLoops.push(hmm.within[s]![s] ?? -Infinity);
      hmm.within.forEach((row, from) => {
        const logp = row[s];
        if (from !== s && logp != null) arcs.push({ to: first + s, from: first + from, logp });
      });
    });
    hmm.entry.forEach((into, s) => {
      if (into != null) for (const e of entry) arcs.push({ to: first + s, from: e.state, logp: e.logp + into });
    });
    return hmm.exit.flatMap((logp, s) => (logp != null ? [{ state: first + s, logp }] : []));
  };

  const addFillers = (entry: readonly Exit[]): Exit[] =>
    model.fillers.flatMap(({ name, noise, hmm }) => addPhone({ competitor: -1, label: name, word: -1, noise, variant: 0, index: 0 }, hmm, entry));

  let frontier: Exit[] = [{ state: -1, logp: 0 }];
  words.forEach((variants, w) => {
    const entry = [...frontier, ...addFillers(frontier)];
    // Cross-word context from the neighbours' first pronunciation.
    const left = w > 0 ? words[w - 1]![0]!.at(-1)! : null;
    const right = w < words.length - 1 ? words[w + 1]![0]![0]! : null;
    frontier = variants.flatMap((pron, v) => {
      let exits: Exit[] = entry;
      pron.forEach((label, i) => {
        const position: Position = pron.length === 1 ? 's' : i === 0 ? 'b' : i === pron.length - 1 ? 'e' : 'i';
        const { hmm, competitor } = model.phone(label, i > 0 ? pron[i - 1]! : left, i < pron.length - 1 ? pron[i + 1]! : right, position);
        exits = addPhone({ competitor, label, word: w, noise: false, variant: v, index: i }, hmm, exits);
      });
      return exits;
    });
  });
  const finals = [...frontier, ...addFillers(frontier)];

  const n = units.length;
  const predStart = new Int32Array(n + 1);
  for (const a of arcs) predStart[a.to + 1]!++;
  for (let s = 0; s < n; s++) predStart[s + 1]! += predStart[s]!;
  const fill = predStart.slice(0, n);
  const predFrom = new Int32Array(arcs.length);
  const predLogp = new Float64Array(arcs.length);
  for (const a of arcs) {
    const at = fill[a.to]!++;
    predFrom[at] = a.from;
    predLogp[at] = a.logp;
  }
  return {
    phones,
    statePhone: Int32Array.from(owners),
    stateUnit: Int32Array.from(units),
    selfLoop: Float64Array.from(selfLoops),
    predStart,
    predFrom,
    predLogp,
    finals: finals.filter((f) => f.state >= 0),
  };
}
