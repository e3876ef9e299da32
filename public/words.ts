/**
 * The scored words as disclosures: the summary shows the word split into syllables in its
 * colour band, with a stress mark where the audio put the stress and an intonation arrow per
 * syllable; opening it lists the phones with their scores and what each sounded most like.
 */
import type { WordEntry } from '../src/browser.js';
import { band } from './bands.js';

/** Only movements get an arrow; flat and too-short syllables are left plain (and said in the label). */
const ARROWS: Record<string, string> = { RISE: '↗', FALL: '↘' };
const ARROW_WORDS: Record<string, string> = { RISE: 'rising', FALL: 'falling', FLAT: 'flat', REDUCED: 'too short to tell' };

/** The fields Score Text's words and Score Word's word_score share. */
export type ScoredWord = Pick<WordEntry, 'word' | 'quality_score' | 'quality_class' | 'phone_score_list' | 'syllable_score_list'>;

/** A word's extent in 10 ms frames: from its first phone's start to its last phone's end (null when it has no phones). */
export function wordSpan(word: ScoredWord): [number, number] | null {
  const extents = word.phone_score_list.map((p) => p.extent);
  if (extents.length === 0) return null;
  return [Math.min(...extents.map((e) => e[0])), Math.max(...extents.map((e) => e[1]))];
}

/** `onPlay`, where given, adds a button to each opened word that plays that word's extent of the recording. */
export function wordElements(words: readonly ScoredWord[], onPlay?: (word: ScoredWord, span: [number, number]) => void): HTMLElement[] {
  return words.map((w) => {
    const details = document.createElement('details');
    details.dataset.quality = w.quality_class;
    const summary = document.createElement('summary');
    summary.className = `band-${band(w.quality_score)}`;
    const several = w.syllable_score_list.length > 1;
    summary.textContent = `${w.syllable_score_list
      .map((s) => `${s.predicted_stress_level === 1 && several ? 'ˈ' : ''}${s.letters}${ARROWS[s.intonation?.[1] ?? ''] ?? ''}`)
      .join('·')} ${Math.round(w.quality_score)}`;
    const stressed = w.syllable_score_list.find((s) => s.predicted_stress_level === 1);
    const tunes = w.syllable_score_list.map((s) => ARROW_WORDS[s.intonation?.[1] ?? '']).filter(Boolean);
    // Screen readers get the marks in words.
    summary.setAttribute(
      'aria-label',
      `${w.word}: ${Math.round(w.quality_score)} of 100, ${w.quality_class}` +
        `${several && stressed ? `, stress heard on "${stressed.letters}"` : ''}${tunes.length ? `, pitch ${tunes.join(' then ')}` : ''}`,
    );
    const phones = document.createElement('ul');
    phones.replaceChildren(
      ...w.phone_score_list.map((p) => {
        const li = document.createElement('li');
        li.className = `band-${band(p.quality_score)}`;
        li.textContent = `/${p.phone}/ ${Math.round(p.quality_score)}${p.sound_most_like !== p.phone ? `, sounded like /${p.sound_most_like}/` : ''}`;
        return li;
      }),
    );
    details.append(summary, phones);
    const span = wordSpan(w);
    if (onPlay && span) {
      const play = document.createElement('button');
      play.type = 'button';
      play.className = 'play-word';
      play.textContent = `▶ Play “${w.word}”`;
      play.addEventListener('click', () => onPlay(w, span));
      details.append(play);
    }
    return details;
  });
}
