import { describe, expect, it } from 'vitest';
import { syllabify } from '../../../src/languages/en-us/syllables.js';

describe('syllables', () => {
  const summary = (phones: string, word: string) =>
    syllabify(phones.split(' '), word).map((s) => `${s.letters}:${s.phones.join(' ')}:${s.stress}`);

  it.each([
    ['P ER0 M IH1 T', 'permit', ['per:P ER0:0', 'mit:M IH1 T:1']],
    ['T EY1 B AH0 L', 'table', ['ta:T EY1:1', 'ble:B AH0 L:0']],
    ['IH0 K S T R IY1 M', 'extreme', ['ex:IH0 K:0', 'treme:S T R IY1 M:1']],
    ['B EH1 R', 'bear', ['bear:B EH1 R:1']],
    ['AE1 K R AH0 N IH2 M', 'acronym', ['a:AE1:1', 'cro:K R AH0:0', 'nym:N IH2 M:2']],
  ])('%s (%s) by maximal onset', (phones, word, expected) => {
    expect(summary(phones, word)).toEqual(expected);
  });
});
