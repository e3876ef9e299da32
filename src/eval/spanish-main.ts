#!/usr/bin/env node
/**
 * `npm run eval:spanish [-- --voxforge DIR]`: what can be checked of Spanish scoring without
 * rated Spanish learner speech (README, "Spanish").
 *  1. Native speech: the ten VoxForge recordings (one Mexican speaker, with their prompts;
 *     default ../shared/models-src/es-sphinx/voxforge-es) scored under es-mx with their own
 *     prompt, and with another recording's prompt (the prompt three further on).
 *  2. Minimal pairs: espeak-ng's es and es-419 voices (scripts/make-spanish-fixtures.sh) saying
 *     pero/perro, caro/carro, casa/caza and pollo/poyo, each scored as the word said and as its pair.
 *  3. Dialect words: zapato, cielo, cerveza, lluvia, calle by both voices under es-es and es-mx.
 * Writes reports/spanish.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createNodeEngine } from '../node.js';
import { isIncomplete, WRONG_PROMPT_AT_MOST } from './stats.js';

const args = process.argv.slice(2);
const flag = args.indexOf('--voxforge');
const VOXFORGE = flag >= 0 ? args[flag + 1]! : '../shared/models-src/es-sphinx/voxforge-es';
const FIXTURES = fileURLToPath(new URL('../../test/fixtures/audio/es/', import.meta.url));
const RECORDINGS = ['0027', '0028', '0029', '0030', '0031', '0032', '0033', '0034', '0035', '0036'];
const PAIRS: readonly [string, string, 'es-es' | 'es-mx'][] = [
  ['pero', 'perro', 'es-mx'],
  ['caro', 'carro', 'es-mx'],
  ['casa', 'caza', 'es-es'],
  ['pollo', 'poyo', 'es-es'],
];
const DIALECT_WORDS = ['zapato', 'cielo', 'cerveza', 'lluvia', 'calle'];
const VOICES = { es: 'es-es', 'es-419': 'es-mx' } as const;

const engine = createNodeEngine();
const read = (path: string) => new Uint8Array(readFileSync(path));

/** Overall pronunciation, and whether the reading was flagged incomplete. */
type TextResult = { error: string } | { pronunciation: number; fluency: number | null; incomplete: boolean };

async function textScore(text: string, dialect: string, audio: Uint8Array): Promise<TextResult> {
  const envelope = await engine.scoreText({ text, dialect, include_fluency: '1' }, audio);
  if (envelope.status !== 'success') return { error: envelope.short_message };
  const t = envelope.text_score;
  return {
    pronunciation: t.service_score.pronunciation,
    fluency: t.service_score.fluency ?? null,
    incomplete: isIncomplete(t),
  };
}

async function wordQuality(word: string, dialect: string, audio: Uint8Array): Promise<number | string> {
  const envelope = await engine.scoreWord({ word, dialect }, audio);
  return envelope.status === 'success' ? envelope.word_score.quality_score : envelope.short_message;
}

const prompts = RECORDINGS.map((id) => readFileSync(`${VOXFORGE}/es-${id}.txt`, 'utf8').trim());
console.log('1. VoxForge, es-mx: own prompt vs another prompt (pass: own >= 70; other <= 50 or flagged incomplete)');
const native = [];
for (const [i, id] of RECORDINGS.entries()) {
  const audio = read(`${VOXFORGE}/es-${id}.wav`);
  const own = await textScore(prompts[i]!, 'es-mx', audio);
  const other = await textScore(prompts[(i + 3) % RECORDINGS.length]!, 'es-mx', audio);
  const pass = 'pronunciation' in own && own.pronunciation >= 70 && 'pronunciation' in other && (other.pronunciation <= WRONG_PROMPT_AT_MOST || other.incomplete);
  native.push({ id, own, other, pass });
  console.log(`  es-${id} own ${JSON.stringify(own)} other ${JSON.stringify(other)} ${pass ? 'pass' : 'FAIL'}`);
}

console.log('\n2. Minimal pairs: the word said scores above its pair');
const pairs = [];
for (const [a, b, dialect] of PAIRS) {
  for (const voice of Object.keys(VOICES)) {
    for (const [said, pair] of [[a, b], [b, a]] as const) {
      const audio = read(`${FIXTURES}${said}-${voice}.ogg`);
      const right = await wordQuality(said, dialect, audio);
      const wrong = await wordQuality(pair, dialect, audio);
      const pass = typeof right === 'number' && typeof wrong === 'number' && right > wrong;
      pairs.push({ voice, dialect, said, right, as: pair, wrong, pass });
      console.log(`  ${voice.padEnd(6)} "${said}" under ${dialect}: as ${said} ${right}, as ${pair} ${wrong} ${pass ? 'pass' : 'FAIL'}`);
    }
  }
}

console.log('\n3. Dialect words: quality under es-es / es-mx (the voice\'s own dialect should score higher)');
const dialectWords: { voice: string; word: string; 'es-es': number | string; 'es-mx': number | string; ownHigher: boolean }[] = [];
for (const [voice, own] of Object.entries(VOICES)) {
  for (const word of DIALECT_WORDS) {
    const audio = read(`${FIXTURES}${word}-${voice}.ogg`);
    const esEs = await wordQuality(word, 'es-es', audio);
    const esMx = await wordQuality(word, 'es-mx', audio);
    const win = typeof esEs === 'number' && typeof esMx === 'number' && (own === 'es-es' ? esEs > esMx : esMx > esEs);
    dialectWords.push({ voice, word, 'es-es': esEs, 'es-mx': esMx, ownHigher: win });
    console.log(`  ${voice.padEnd(6)} ${word.padEnd(8)} ${String(esEs).padStart(6)} ${String(esMx).padStart(6)} ${win ? 'higher under its own' : ''}`);
  }
}

const summary = {
  native: `${native.filter((n) => n.pass).length}/${native.length}`,
  pairs: `${pairs.filter((p) => p.pass).length}/${pairs.length}`,
  dialect: Object.fromEntries(Object.keys(VOICES).map((v) => [v, `${dialectWords.filter((d) => d.voice === v && d.ownHigher).length}/${DIALECT_WORDS.length}`])),
};
console.log('\n', summary);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/spanish.json', `${JSON.stringify({ summary, native, pairs, dialectWords }, null, 1)}\n`);
