/**
 * The utterance HMM for the Sphinx model: each word's pronunciation variants
 * as parallel chains of word-position-dependent triphones (3 emitting states
 * each, the model's own transition matrices), with an optional filler
 * (silence or noise: the phones of the model's noisedict) before, between
 * and after words.
 */
import type { AlignmentGraph, GraphPhone } from '../../align/graph.js';
import type { Pronunciation } from '../model.js';
import { basePhone } from '../../lexicon/phones.js';
import type { Position, Topology } from './topology.js';

interface Exit {
  state: number;
  logp: number;
}

export function buildGraph(topology: Topology, words: readonly (readonly Pronunciation[])[]): AlignmentGraph {
  const phones: GraphPhone[] = [];
  const senones: number[] = [];
  const owners: number[] = [];
  const selfLoops: number[] = [];
  const arcs: { to: number; from: number; logp: number }[] = [];
  const silence = topology.silence;

  const addPhone = (phone: GraphPhone, ci: number, stateSenones: readonly number[], entry: readonly Exit[]): Exit[] => {
    const owner = phones.push(phone) - 1;
    const first = senones.length;
    const tmat = topology.transitions(ci);
    stateSenones.forEach((senone, s) => {
      senones.push(senone);
      owners.push(owner);
      selfLoops.push(tmat[s]![s] ?? -Infinity);
      for (let from = 0; from < s; from++) {
        const logp = tmat[from]![s];
        if (logp != null) arcs.push({ to: first + s, from: first + from, logp });
      }
    });
    for (const e of entry) arcs.push({ to: first, from: e.state, logp: e.logp });
    return stateSenones.flatMap((_, s) => {
      const logp = tmat[s]![stateSenones.length];
      return logp != null ? [{ state: first + s, logp }] : [];
    });
  };

  const addFillers = (entry: readonly Exit[]): Exit[] =>
    topology.fillers.flatMap((name) => {
      const ci = topology.phoneId(name);
      return addPhone({ competitor: -1, label: name, word: -1, noise: ci !== silence, variant: 0, index: 0 }, ci, topology.ciSenones(ci), entry);
    });

  const ciOf = (phone: string) => topology.phoneId(basePhone(phone));
  let frontier: Exit[] = [{ state: -1, logp: 0 }];
  words.forEach((variants, w) => {
    const entry = [...frontier, ...addFillers(frontier)];
    // Cross-word context from the neighbours' first pronunciation; silence at the utterance edges.
    const left = w > 0 ? ciOf(words[w - 1]![0]!.at(-1)!) : silence;
    const right = w < words.length - 1 ? ciOf(words[w + 1]![0]![0]!) : silence;
    frontier = variants.flatMap((pron, v) => {
      let exits: Exit[] = entry;
      pron.forEach((label, i) => {
        const ci = ciOf(label);
        const l = i > 0 ? ciOf(pron[i - 1]!) : left;
        const r = i < pron.length - 1 ? ciOf(pron[i + 1]!) : right;
        const position: Position = pron.length === 1 ? 's' : i === 0 ? 'b' : i === pron.length - 1 ? 'e' : 'i';
        exits = addPhone({ competitor: topology.competitorOf(ci), label, word: w, noise: false, variant: v, index: i }, ci, topology.triphoneSenones(ci, l, r, position), exits);
      });
      return exits;
    });
  });
  const finals = [...frontier, ...addFillers(frontier)];

  const n = senones.length;
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
    stateUnit: Int32Array.from(senones),
    selfLoop: Float64Array.from(selfLoops),
    predStart,
    predFrom,
    predLogp,
    finals: finals.filter((f) => f.state >= 0),
  };
}
