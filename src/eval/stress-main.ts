#!/usr/bin/env node
/** `npm run eval:stress`: stress detection accuracy on the espeak-ng minimal pairs (scripts/make-stress-fixtures.sh). */
import { fileURLToPath } from 'node:url';
import { createNodeEngine } from '../node.js';
import { checkStressPairs } from './stress-pairs.js';

const dir = fileURLToPath(new URL('../../test/fixtures/audio/stress/', import.meta.url));
const outcomes = await checkStressPairs(createNodeEngine(), dir);
for (const o of outcomes) console.log(`${o.correct ? 'ok  ' : 'MISS'} ${o.file.padEnd(16)} intended syllable ${o.intended}, predicted ${o.predicted.join(',') || 'none'}`);
const correct = outcomes.filter((o) => o.correct).length;
console.log(`\nstress detection: ${correct}/${outcomes.length} = ${((100 * correct) / outcomes.length).toFixed(1)} % (${outcomes.length / 2} pairs)`);
