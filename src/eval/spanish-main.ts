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
import { minimalPairs, ownAndOtherPrompt, wordQuality } from './native-checks.js';
import { WRONG_PROMPT_AT_MOST } from './stats.js';

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

console.log('1. VoxForge, es-mx: own prompt vs another prompt (pass: own >= 70; other <= 50 or flagged incomplete)');
const recordings = RECORDINGS.map((id) => ({ id, audio: `${VOXFORGE}/es-${id}.wav`, prompt: readFileSync(`${VOXFORGE}/es-${id}.txt`, 'utf8').trim() }));
const native = (await ownAndOtherPrompt(engine, 'es-mx', recordings)).map(({ id, own, other }) => {
  const pass = 'pronunciation' in own && own.pronunciation >= 70 && 'pronunciation' in other && (other.pronunciation <= WRONG_PROMPT_AT_MOST || other.incomplete);
  console.log(`  es-${id} own ${JSON.stringify(own)} other ${JSON.stringify(other)} ${pass ? 'pass' : 'FAIL'}`);
  return { id, own, other, pass };
});

console.log('\n2. Minimal pairs: the word said scores above its pair');
const pairs = [];
for (const voice of Object.keys(VOICES)) {
  for (const row of await minimalPairs(engine, PAIRS, (word) => `${FIXTURES}${word}-${voice}.ogg`)) {
    pairs.push({ voice, ...row });
    console.log(`  ${voice.padEnd(6)} "${row.said}" under ${row.dialect}: as ${row.said} ${row.right}, as ${row.as} ${row.wrong} ${row.pass ? 'pass' : 'FAIL'}`);
  }
}

console.log('\n3. Dialect words: quality under es-es / es-mx (the voice\'s own dialect should score higher)');
const dialectWords: { voice: string; word: string; 'es-es': number | string; 'es-mx': number | string; ownHigher: boolean }[] = [];
for (const [voice, own] of Object.entries(VOICES)) {
  for (const word of DIALECT_WORDS) {
    const audio = read(`${FIXTURES}${word}-${voice}.ogg`);
    const esEs = await wordQuality(engine, word, 'es-es', audio);
    const esMx = await wordQuality(engine, word, 'es-mx', audio);
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
