import { describe, expect, it } from 'vitest';
import { createNodeEngine } from '../../src/node.js';
import { fixture } from '../helpers/paths.js';

const engine = createNodeEngine();

// The same spoken word through every decoder family, and a second word, on both endpoints.
const requests = [
  ...['speech-sheep.wav', 'speech-sheep.mp3', 'speech-sheep.m4a', 'speech-sheep.ogg', 'speech-sheep.flac'].map((name) => () => engine.scoreWord({ word: 'sheep' }, fixture(name))),
  () => engine.scoreWord({ word: 'ship' }, fixture('speech-ship.wav')),
  () => engine.scoreText({ text: 'sheep', dialect: 'en-us', include_fluency: '1' }, fixture('speech-sheep.m4a')),
  () => engine.scoreText({ text: 'ship', dialect: 'en-us', include_intonation: '1' }, fixture('speech-ship.wav')),
];
const ROUNDS = 10;
const CONCURRENT = 20;

describe('one engine under concurrent requests', () => {
  it(`gives ${ROUNDS} rounds of ${CONCURRENT} concurrent mixed-format requests the answers it gives one at a time`, async () => {
    const sequential: unknown[] = [];
    for (const request of requests) sequential.push(await request());
    for (const envelope of sequential) expect(envelope, JSON.stringify(envelope).slice(0, 300)).toMatchObject({ status: 'success' });
    for (let round = 0; round < ROUNDS; round++) {
      // A different mix and order every round.
      const picks = Array.from({ length: CONCURRENT }, (_, i) => (i * 3 + round) % requests.length);
      const answers = await Promise.all(picks.map((k) => requests[k]!()));
      answers.forEach((answer, i) => expect(answer, `round ${round}, request ${picks[i]}`).toEqual(sequential[picks[i]!]));
    }
  }, 240_000);
});
