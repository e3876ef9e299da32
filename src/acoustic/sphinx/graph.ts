/**
 * The Sphinx model as a chain model (acoustic/chain-graph.ts): each phone a
 * word-position-dependent triphone (3 emitting states, the model's own
 * transition matrix), entered at its first state; the fillers are the phones
 * of the model's noisedict. At the utterance's edges the context is silence.
 */
import type { AlignmentGraph } from '../../align/graph.js';
import { buildChainGraph, type ChainModel, type PhoneHmm } from '../chain-graph.js';
import type { Pronunciation } from '../model.js';
import { basePhone } from '../../lexicon/phones.js';
import type { Topology } from './topology.js';

export function buildGraph(topology: Topology, words: readonly (readonly Pronunciation[])[]): AlignmentGraph {
  const hmm = (ci: number, units: readonly number[]): PhoneHmm => {
    const tmat = topology.transitions(ci);
    return {
      units,
      within: units.map((_, from) => units.map((_, to) => tmat[from]![to] ?? null)),
      entry: units.map((_, s) => (s === 0 ? 0 : null)),
      exit: units.map((_, s) => tmat[s]![units.length] ?? null),
    };
  };
  const ciOf = (phone: string | null) => (phone === null ? topology.silence : topology.phoneId(basePhone(phone)));
  const model: ChainModel = {
    phone: (label, left, right, position) => {
      const ci = ciOf(label);
      return { hmm: hmm(ci, topology.triphoneSenones(ci, ciOf(left), ciOf(right), position)), competitor: topology.competitorOf(ci) };
    },
    fillers: topology.fillers.map((name) => {
      const ci = topology.phoneId(name);
      return { name, noise: ci !== topology.silence, hmm: hmm(ci, topology.ciSenones(ci)) };
    }),
  };
  return buildChainGraph(model, words);
}
