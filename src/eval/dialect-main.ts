#!/usr/bin/env node
/**
 * `npm run eval:dialect`: the same espeak-ng audio (scripts/make-dialect-fixtures.sh: the RP
 * voice en-gb-x-rp and the US voice en-us) scored under en-gb and under en-us. Words: which
 * dialect scores each voice's word higher. Sentences: the overall pronunciation of each voice
 * under its own dialect and under the other, which is what the shared scoring head (trained on
 * en-us alignments only) costs a British reading: a head biased against RP's alignments would
 * score RP under en-gb below US under en-us.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createNodeEngine } from '../node.js';
import { mean } from '../util/stats.js';

const DIR = fileURLToPath(new URL('../../test/fixtures/audio/dialect/', import.meta.url));
const WORDS = ['car', 'water', 'bath', 'dance', 'tomato', 'schedule', 'better', 'hot', 'new', 'either'];
const VOICES = ['en-gb', 'en-us'] as const;
type Dialect = (typeof VOICES)[number];
const other = (d: Dialect): Dialect => (d === 'en-gb' ? 'en-us' : 'en-gb');

const engine = createNodeEngine();
const audio = (file: string) => new Uint8Array(readFileSync(DIR + file));
const fixed = (x: number) => x.toFixed(1).padStart(5);

async function wordQuality(word: string, voice: Dialect, dialect: Dialect): Promise<number | string> {
  const envelope = await engine.scoreWord({ word, dialect }, audio(`${word}-${voice}.ogg`));
  return envelope.status === 'success' ? envelope.word_score.quality_score : envelope.short_message;
}

async function sentenceScores(line: number, text: string, voice: Dialect, dialect: Dialect) {
  const envelope = await engine.scoreText({ text, dialect }, audio(`sentence-${line}-${voice}.ogg`));
  if (envelope.status !== 'success') throw new Error(`sentence ${line} (${voice}) under ${dialect}: ${envelope.short_message} ${envelope.detail_message}`);
  const words = envelope.text_score.word_score_list;
  return { pronunciation: envelope.text_score.service_score.pronunciation, word: mean(words.map((w) => w.quality_score)) };
}

console.log('Words: quality under en-gb / en-us (the voice\'s own dialect should score higher)');
for (const voice of VOICES) {
  let wins = 0;
  for (const word of WORDS) {
    const own = await wordQuality(word, voice, voice);
    const cross = await wordQuality(word, voice, other(voice));
    const win = typeof own === 'number' && typeof cross === 'number' && own > cross;
    wins += Number(win);
    const [gb, us] = voice === 'en-gb' ? [own, cross] : [cross, own];
    console.log(`  ${voice} voice  ${word.padEnd(9)} ${String(gb).padStart(9)} ${String(us).padStart(9)}  ${win ? 'higher under its own' : ''}`);
  }
  console.log(`  ${voice} voice: ${wins}/${WORDS.length} words higher under ${voice}\n`);
}

const sentences = readFileSync(DIR + 'sentences.txt', 'utf8').trim().split('\n');
console.log('Sentences: overall pronunciation (mean word quality) of each voice under each dialect');
const totals = new Map<string, { pronunciation: number[]; word: number[] }>();
for (const [i, text] of sentences.entries()) {
  const cells: string[] = [];
  for (const voice of VOICES) {
    for (const dialect of VOICES) {
      const s = await sentenceScores(i + 1, text, voice, dialect);
      const key = `${voice} voice under ${dialect}`;
      const t = totals.get(key) ?? { pronunciation: [], word: [] };
      t.pronunciation.push(s.pronunciation);
      t.word.push(s.word);
      totals.set(key, t);
      cells.push(`${fixed(s.pronunciation)} (${fixed(s.word)})`);
    }
  }
  console.log(`  ${String(i + 1).padStart(2)} ${cells.join('  ')}  ${text}`);
}
console.log('     columns: RP voice under en-gb, under en-us; US voice under en-gb, under en-us\n');
for (const [key, t] of totals) console.log(`  ${key.padEnd(26)} pronunciation ${fixed(mean(t.pronunciation))}, word quality ${fixed(mean(t.word))}`);
