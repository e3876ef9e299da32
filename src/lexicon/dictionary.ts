/** CMUdict (cmu-pronouncing-dictionary): lower-case word → ARPABET with stress digits, variants as "word(2)". */
import { dictionary } from 'cmu-pronouncing-dictionary';

/** Every pronunciation the lexicon lists for a key, most common first; empty when the key is unknown. */
export function pronunciations(key: string): string[][] {
  const out: string[][] = [];
  for (let variant = 1; ; variant++) {
    const name = variant === 1 ? key : `${key}(${variant})`;
    // A script's words are user text: "__proto__" or "constructor" must not find Object's own properties.
    if (!Object.hasOwn(dictionary, name)) return out;
    const entry = dictionary[name]!;
    // A few entries carry a trailing comment ("D OY1 L # org, irish").
    out.push(entry.split('#')[0]!.trim().split(' '));
  }
}
