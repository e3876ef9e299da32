/**
 * A pronouncing dictionary as the lexicon reads it: lower-case word → ARPABET
 * with stress digits, variants under "word(2)", "word(3)". Which dictionary,
 * and how it is loaded, is the language pack's and the entry's business
 * (languages/en-us/: the npm package in Node, a fetched file in the browser).
 */
export interface PronouncingDictionary {
  entry(key: string): string | undefined;
}

/** A dictionary over a record of entries. Only the record's own keys answer: a script's words are user text, and "__proto__" must not find Object's properties. */
export const recordDictionary = (entries: Readonly<Record<string, string>>): PronouncingDictionary => ({
  entry: (key) => (Object.hasOwn(entries, key) ? entries[key] : undefined),
});

/** Every pronunciation the dictionary lists for a key, most common first; empty when the key is unknown. */
export function pronunciations(dictionary: PronouncingDictionary, key: string): string[][] {
  const out: string[][] = [];
  for (let variant = 1; ; variant++) {
    const entry = dictionary.entry(variant === 1 ? key : `${key}(${variant})`);
    if (entry === undefined) return out;
    // A few entries carry a trailing comment ("D OY1 L # org, irish").
    out.push(entry.split('#')[0]!.trim().split(' '));
  }
}
