/** Word entries → the spec's `text_score` and `word_score` objects. */
import type { TextScore, WordScore } from '../api/schema.js';
import { mean, PASS_THRESHOLD, round1 } from './quality.js';
import { toScales } from './scales.js';
import type { ScoredWord } from './utterance.js';

/** Utterance pronunciation: the mean phone quality, so long words weigh as much as they take to say. */
function overall(words: readonly ScoredWord[]): number {
  return mean(words.flatMap((w) => w.phones.map((p) => p.quality)));
}

export function textScore(text: string, words: readonly ScoredWord[]): TextScore {
  const scales = toScales(overall(words));
  return {
    text,
    word_score_list: words.map((w) => w.entry),
    ielts_score: { pronunciation: scales.ielts },
    pte_score: { pronunciation: scales.pte },
    service_score: { pronunciation: scales.service },
    toeic_score: { pronunciation: scales.toeic },
    cefr_score: { pronunciation: scales.cefr },
  };
}

export function wordScore(word: string, words: readonly ScoredWord[]): WordScore {
  const quality = round1(overall(words));
  return {
    word,
    quality_score: quality,
    quality_class: quality >= PASS_THRESHOLD ? 'pass' : 'fail',
    phone_score_list: words.flatMap((w) => w.entry.phone_score_list),
    syllable_score_list: words.flatMap((w) => w.entry.syllable_score_list),
  };
}
