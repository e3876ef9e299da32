#!/usr/bin/env node
/**
 * `npm run eval:french [-- --voxforge DIR]`: what can be checked of French scoring without rated
 * French learner speech (README, "French").
 *  1. Native speech: the ten VoxForge French recordings (default
 *     ../shared/models-src/fr-sppas/voxforge-fr) scored under fr-fr with their own prompt and with
 *     the prompt three further on; the issue asks the median with the right prompt to be at least 25
 *     above the median with a wrong one.
 *  2. Minimal pairs: espeak-ng's fr-fr voice (scripts/make-french-fixtures.sh) saying poisson/poison,
 *     dessus/dessous, vin/vent/vont, rue/roue, pécheur/pêcheur, each scored as itself and as its pair.
 *  3. Quebec French: SPPAS's two Quebec samples with a clean transcription (its TextGrids, hesitations
 *     dropped), each against its own words and the other's, under fr-ca and under fr-fr.
 * Writes reports/french.json.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createNodeEngine } from '../node.js';
import { minimalPairs, ownAndOtherPrompt, type TextResult } from './native-checks.js';
import { WRONG_PROMPT_AT_MOST } from './stats.js';

const args = process.argv.slice(2);
const flag = args.indexOf('--voxforge');
const VOXFORGE = flag >= 0 ? args[flag + 1]! : '../shared/models-src/fr-sppas/voxforge-fr';
const FIXTURES = fileURLToPath(new URL('../../test/fixtures/audio/fr/', import.meta.url));
const PAIRS = [
  ['poisson', 'poison'],
  ['dessus', 'dessous'],
  ['vin', 'vent'],
  ['vent', 'vont'],
  ['vin', 'vont'],
  ['rue', 'roue'],
  ['pécheur', 'pêcheur'],
].map(([a, b]) => [a!, b!, 'fr-fr'] as const);
const REQUIRED_MARGIN = 25;

const engine = createNodeEngine();
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const scoreOf = (r: TextResult) => ('pronunciation' in r ? r.pronunciation : undefined);

console.log('1. VoxForge, fr-fr: own prompt vs another prompt');
const ids = readdirSync(VOXFORGE)
  .filter((f) => f.endsWith('.wav'))
  .map((f) => f.slice(0, -4))
  .sort();
const recordings = ids.map((id) => ({ id, audio: `${VOXFORGE}/${id}.wav`, prompt: readFileSync(`${VOXFORGE}/${id}.txt`, 'utf8').trim() }));
const native = await ownAndOtherPrompt(engine, 'fr-fr', recordings);
for (const { id, own, other } of native) console.log(`  ${id} own ${JSON.stringify(own)} other ${JSON.stringify(other)}`);
const ownScores = native.flatMap(({ own }) => scoreOf(own) ?? []);
const otherScores = native.flatMap(({ other }) => scoreOf(other) ?? []);
const caught = native.filter(({ other }) => 'pronunciation' in other && (other.incomplete || other.pronunciation <= WRONG_PROMPT_AT_MOST)).length;

console.log('\n2. Minimal pairs (espeak-ng fr-fr): the word said scores above its pair');
const pairs = await minimalPairs(engine, PAIRS, (word) => `${FIXTURES}${word}-fr-fr.ogg`);
for (const p of pairs) console.log(`  "${p.said}": as ${p.said} ${p.right}, as ${p.as} ${p.wrong} ${p.pass ? 'pass' : 'FAIL'}`);

console.log('\n3. Quebec samples (SPPAS, spontaneous speech): own transcription vs the other sample\'s, under fr-ca and fr-fr');
const QUEBEC = VOXFORGE.replace(/voxforge-fr$/, 'samples-frq');
const quebecSamples = [
  { id: 'Sample_1_PFCquebec_CQAGS1', audio: `${QUEBEC}/Sample_1_PFCquebec_CQAGS1.wav`, prompt: "j'ai étudié la littérature en fait le programme s'appelait Littérature et expression" },
  { id: 'Sample_2_PFCquebec_CQAAB1', audio: `${QUEBEC}/Sample_2_PFCquebec_CQAAB1.wav`, prompt: 'Finalement il y aurait eu avantage à prendre des conseils des amérindiens probablement' },
];
const quebec = [];
for (const dialect of ['fr-ca', 'fr-fr'] as const) {
  for (const row of await ownAndOtherPrompt(engine, dialect, quebecSamples, 1)) {
    quebec.push({ dialect, ...row });
    console.log(`  ${dialect} ${row.id} own ${JSON.stringify(row.own)} other ${JSON.stringify(row.other)}`);
  }
}

const summary = {
  native_scored: `${ownScores.length}/${native.length} own, ${otherScores.length}/${native.length} other (the rest: error envelopes)`,
  median_own: median(ownScores),
  median_other: median(otherScores),
  margin_met: median(ownScores) - median(otherScores) >= REQUIRED_MARGIN,
  other_flagged_or_50_or_less: `${caught}/${otherScores.length}`,
  pairs: `${pairs.filter((p) => p.pass).length}/${pairs.length}`,
  quebec_full_scores_fr_ca: `${quebec.filter((q) => q.dialect === 'fr-ca' && 'pronunciation' in q.own).length}/${quebecSamples.length}`,
};
console.log('\n', summary);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/french.json', `${JSON.stringify({ summary, native, pairs, quebec }, null, 1)}\n`);
