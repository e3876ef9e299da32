/**
 * One utterance through the acoustic pipeline: spectra → speaker warp (VTLN)
 * → features → senone log-likelihoods (ONNX) → forced alignment → GOP per
 * phone → word entries.
 */
import type { AcousticModel } from '../acoustic/model.js';
import { chooseWarp } from '../acoustic/vtln.js';
import { buildGraph, FILLERS } from '../align/graph.js';
import { viterbi, type Segment } from '../align/viterbi.js';
import type { PhoneEntry, SyllableEntry, WordEntry } from '../api/schema.js';
import { toModelFeatures } from '../features/dynamic.js';
import { cepstra, powerSpectra } from '../features/mfcc.js';
import type { LexiconWord } from '../lexicon/lexicon.js';
import { basePhone, isVowel, syllabify } from '../lexicon/syllables.js';
import { phoneGop, type CompetitorTable } from './gop.js';
import { mean, PASS_THRESHOLD, phoneQuality, round1 } from './quality.js';

/** Everything measured for one expected phone; issue #4's scoring head reads these. */
export interface PhoneMeasure {
  label: string;
  extent: [number, number];
  gop: number;
  lpp: number;
  /** Mean per-frame log-likelihood of the aligned triphone path. */
  pathLoglik: number;
  soundMostLike: string;
  quality: number;
}

export interface ScoredWord {
  entry: WordEntry;
  phones: PhoneMeasure[];
}

export async function scoreUtterance(model: AcousticModel, samples: Float32Array, words: readonly LexiconWord[]): Promise<ScoredWord[]> {
  const { topology } = model;
  const graph = buildGraph(topology, words.map((w) => w.variants));

  // One loglik column per distinct senone: the graph's states plus the CI senones of every competitor.
  const speech = topology.ciPhones.map((_, i) => i).filter((i) => !(FILLERS as readonly string[]).includes(topology.ciPhones[i]!));
  const columnOf = new Map<number, number>();
  const columnFor = (senone: number) => {
    let c = columnOf.get(senone);
    if (c === undefined) columnOf.set(senone, (c = columnOf.size));
    return c;
  };
  const stateColumns = Int32Array.from(graph.stateSenone, columnFor);
  const competitors: CompetitorTable = {
    phones: speech,
    columns: speech.map((p) => topology.ciSenones(p).map(columnFor) as [number, number, number]),
  };
  const senones = Int32Array.from(columnOf.keys());
  const spectra = powerSpectra(samples);
  const warp = await chooseWarp(model, spectra, Int32Array.from(new Set(graph.stateSenone)));
  const features = toModelFeatures(cepstra(spectra, warp));
  const loglik = await model.senoneLoglik(features, senones);
  const segments = viterbi(graph, loglik, senones.length, stateColumns);

  return words.map((word, w) => {
    const own = segments.filter((s) => graph.phones[s.phone]!.word === w);
    const measures = own.map((segment) => measure(segment, graph.phones[segment.phone]!.label, graph.phones[segment.phone]!.ci));
    return { entry: wordEntry(word, measures), phones: measures };
  });

  function measure(segment: Segment, label: string, ci: number): PhoneMeasure {
    const g = phoneGop(loglik, senones.length, segment.start, segment.end, ci, competitors);
    return {
      label,
      extent: [segment.start, segment.end],
      gop: g.gop,
      lpp: g.lpp,
      pathLoglik: segment.loglik / (segment.end - segment.start),
      soundMostLike: topology.ciPhones[g.soundMostLike]!,
      quality: phoneQuality(g.gop),
    };
  }
}

function wordEntry(word: LexiconWord, phones: PhoneMeasure[]): WordEntry {
  const wordExtent: [number, number] = [phones[0]!.extent[0], phones.at(-1)!.extent[1]];
  const phoneEntries: PhoneEntry[] = phones.map((p) => ({
    phone: basePhone(p.label).toLowerCase(),
    stress_level: isVowel(p.label) ? (Number(p.label.slice(-1)) as 0 | 1 | 2) : null,
    extent: p.extent,
    quality_score: round1(p.quality),
    word_extent: wordExtent,
    sound_most_like: p.soundMostLike.toLowerCase(),
  }));
  let next = 0;
  const syllables: SyllableEntry[] = syllabify(
    phones.map((p) => p.label),
    word.text,
  ).map((syllable) => {
    const own = phones.slice(next, (next += syllable.phones.length));
    return {
      phone_count: own.length,
      stress_level: syllable.stress,
      letters: syllable.letters,
      quality_score: round1(mean(own.map((p) => p.quality))),
      extent: [own[0]!.extent[0], own.at(-1)!.extent[1]],
    };
  });
  const quality = round1(mean(phones.map((p) => p.quality)));
  return {
    word: word.text,
    quality_score: quality,
    quality_class: quality >= PASS_THRESHOLD ? 'pass' : 'fail',
    phone_score_list: phoneEntries,
    syllable_score_list: syllables,
    ...(word.ending_punctuation ? { ending_punctuation: word.ending_punctuation } : {}),
  };
}
