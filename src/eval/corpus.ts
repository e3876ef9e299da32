/**
 * speechocean762 as the evaluation commands read it: labels, speaker-disjoint
 * folds, and the pairing of the engine's words and phones with the labelled ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { alignPairs } from './stats.js';

export interface LabelWord {
  text: string;
  phones: string[];
  phone_scores: number[];
  accuracy: number;
  stress: number;
  total: number;
}

export interface Label {
  id: string;
  speaker: string;
  text: string;
  accuracy: number;
  fluency: number;
  prosodic: number;
  total: number;
  /** Share of the script read, 0..10. */
  completeness: number;
  age: number;
  words: LabelWord[];
  /** Each expert's own marks (4 or 5 experts); utterance accuracy is their median. */
  experts: { accuracy: number[] };
}

export const FOLDS = 5;

export function loadLabels(data: string, limit = Infinity): Label[] {
  return readFileSync(join(data, 'labels.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Label)
    .slice(0, limit);
}

export const audioPath = (data: string, label: Label) => join(data, 'audio', `${label.id}.opus`);

/** Scripts of fewer words are left out of the wrong-prompt check: the completeness head learnt from sentences (scoring/fidelity.ts). */
const MIN_WORDS_FOR_OTHER_PROMPT = 3;

/**
 * For each utterance, another utterance's script to read it against (a
 * learner reading the wrong text): the first sentence of at least
 * MIN_WORDS_FOR_OTHER_PROMPT words, seven or more utterances on, whose words
 * differ; undefined for shorter scripts.
 */
export function otherPrompts(labels: readonly Label[]): (string | undefined)[] {
  const words = (l: Label) => l.text.split(/\s+/).length;
  return labels.map((l, i) => {
    if (words(l) < MIN_WORDS_FOR_OTHER_PROMPT) return undefined;
    for (let k = 7; k < labels.length; k++) {
      const o = labels[(i + k) % labels.length]!;
      if (words(o) >= MIN_WORDS_FOR_OTHER_PROMPT && o.text !== l.text) return o.text;
    }
    return undefined;
  });
}

/** Speakers sorted by id, dealt round-robin into FOLDS folds: every speaker's utterances stay in one fold. */
export function speakerFolds(labels: readonly Label[]): Map<string, number> {
  const speakers = [...new Set(labels.map((l) => l.speaker))].sort();
  return new Map(speakers.map((s, i) => [s, i % FOLDS]));
}

export interface WordPair {
  /** Index of our word, of the label's word, and pairs of (our phone, label phone) indices. */
  ours: number;
  label: number;
  phones: [number, number][];
}

/** Words paired by aligning the word sequences, phones by edit-distance alignment within each word (stress digits ignored). */
export function pairWithLabel(ours: readonly { text: string; phones: readonly string[] }[], label: Label): WordPair[] {
  const base = (p: string) => p.replace(/\d$/, '').toLowerCase();
  return alignPairs(
    ours.map((w) => w.text.toLowerCase()),
    label.words.map((w) => w.text.toLowerCase()),
  ).map(([i, j]) => ({ ours: i, label: j, phones: alignPairs(ours[i]!.phones.map(base), label.words[j]!.phones.map(base)) }));
}
