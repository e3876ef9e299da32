/**
 * French letter-to-sound by rule, for words the dictionary lacks
 * (include_unknown_words=1). French spelling is regular read left to right
 * once context is known (c/g before a front vowel, s between vowels, a
 * vowel + n/m that is nasal unless a vowel or another n/m follows, silent
 * final consonants and e), so each position takes the first rule whose
 * letters match there and whose left and right contexts hold, in the style
 * of espeak-ng's rule files. What spelling cannot say (verb "-ent" against
 * noun "-ent", h aspiré, loanwords) takes the commoner reading; the README
 * ("French") gives how often the rules agree with the dictionary.
 */

/** Vowel letters (V in a context), consonant letters (C), front vowels (F: c and g soften before them). */
const V = 'aeiouyàâäéèêëîïôöùûüÿœæ';
const C = '[bcçdfghjklmnpqrstvwxz]';
const CLASSES: Readonly<Record<string, string>> = {
  V: `[${V}]`,
  C,
  F: '[eiyéèêëîï]',
  // What closes a nasal vowel: anything but a vowel, n, m or h ("bon" and "bonté", not "bonne" or "ami").
  N: `(?![${V}nmh])`,
  // A word with a single vowel so far ("le", "les", "mer", "que": their e is sounded).
  O: `^(?:qu|gu|${C})*`,
};

interface Rule {
  letters: string;
  phones: readonly string[];
  right: RegExp;
  left: RegExp;
}

/** Context notation: the classes above, and `#` for the word's edge. */
const expand = (context: string, edge: string) => context.replace(/[VCFNO#]/g, (c) => (c === '#' ? edge : CLASSES[c]!));

/** letters → phones, when `right` starts the rest of the word and `left` ends what came before. */
const rule = (letters: string, phones: string, right = '', left = ''): Rule => ({
  letters,
  phones: phones === '' ? [] : phones.split(' '),
  right: new RegExp(`^${expand(right, '$')}`),
  left: new RegExp(`${expand(left, '^')}$`),
});

/** Ordered: at each position the first rule that applies wins, so specific spellings come before general ones. */
const RULES: readonly Rule[] = [
  // a
  rule('aient', 'eh', '#'),
  rule('aill', 'aa y'),
  rule('ail', 'aa y', 's?#'),
  rule('ain', 'in', 'N'),
  rule('aim', 'in', 'N'),
  rule('ai', 'ey', '#'),
  rule('ai', 'eh'),
  rule('aî', 'eh'),
  rule('ay', 'eh y', 'V'),
  rule('au', 'ow'),
  rule('an', 'an', 'N'),
  rule('am', 'an', 'N'),
  rule('a', 'aa'),
  rule('à', 'aa'),
  rule('â', 'aa'),
  rule('ä', 'aa'),
  // e
  rule('eaux', 'ow', '#'),
  rule('eau', 'ow'),
  rule('eill', 'eh y'),
  rule('eil', 'eh y', 's?#'),
  rule('euill', 'oe y'),
  rule('euil', 'oe y', 's?#'),
  rule('eu', 'eu', '(?:[sxt]|se|ses)?#'),
  rule('eu', 'oe', '(?:r|f|l|ble|ne|nes|ve|ves|pl)'),
  rule('eu', 'eu'),
  rule('ein', 'in', 'N'),
  rule('eim', 'in', 'N'),
  rule('ei', 'eh'),
  rule('ey', 'eh'),
  rule('ent', 'in', 's?#', '#(?:t|v|sout|cont|obt|dev|conv|rev|prév|dét|ent|maint|appart|adv|surv|part)i'),
  rule('ent', 'an', 's?#', 'O'),
  rule('ent', 'an', 's?#', 'm'),
  rule('ent', '', '#'),
  rule('en', 'in', '(?:s?#|d)', '[iyé]'),
  rule('en', 'an', 'n', '#'),
  rule('em', 'an', 'm', '#'),
  rule('en', 'an', 'N'),
  rule('em', 'an', 'N'),
  rule('er', 'eh r', 's?#', 'O'),
  rule('er', 'ey', 's?#'),
  rule('ez', 'ey', '#'),
  rule('est', 'eh', '#', '#'),
  rule('et', 'ey', '#', '#'),
  rule('et', 'eh', 's?#'),
  rule('es', 'ey', '#', 'O'),
  rule('es', '', '#'),
  rule('emment', 'aa m an', '#'),
  rule('e', 'ax', '#', 'O'),
  rule('e', '', '#'),
  rule('e', 'eh', '[lcf]s?#'),
  rule('e', 'ey', 'ds?#'),
  rule('e', '', 'C(?!h)V', '[iuéy]'),
  rule('e', 'ax', 'ss', '#r'),
  rule('e', 'ax', 'ss(?:us|ous)#', '#d'),
  rule('e', 'ey', '(?:ss|ff|rr|ll|cc|mm|nn|tt)[aiouyéèêâîôûœ]', '#C?'),
  rule('e', 'eh', 'x'),
  rule('e', 'ax', '(?:[bcdfgkpstv][rl]|ch|ph|th|gn)'),
  rule('e', 'eh', 'C(?!h)C'),
  rule('e', 'ax'),
  rule('é', 'ey'),
  rule('è', 'eh'),
  rule('ê', 'eh'),
  rule('ë', 'eh'),
  // i
  rule('ill', 'iy l', '', '(?:v|#m|tranqu|ach|osc)'),
  rule('ill', 'y', '', 'V'),
  rule('ill', 'iy y'),
  rule('in', 'in', 'N'),
  rule('im', 'in', 'N'),
  rule('i', 'iy', '(?:e|es|ent)#'),
  rule('i', 'iy', 'e(?:C(?!h)V|ment)'),
  rule('i', 'iy y', 'V', '[bcdfgkptv][rl]'),
  rule('i', 'y', 'V'),
  rule('i', 'iy'),
  rule('î', 'iy'),
  rule('ï', 'iy'),
  // o
  rule('oin', 'w in', 'N'),
  rule('oy', 'w aa y', 'V'),
  rule('oi', 'w aa'),
  rule('oî', 'w aa'),
  rule('ouill', 'uw y'),
  rule('ou', 'uw', '(?:e|es|ent)#'),
  rule('ou', 'w', 'V'),
  rule('ou', 'uw'),
  rule('où', 'uw'),
  rule('oû', 'uw'),
  rule('on', 'on', 'N'),
  rule('om', 'on', 'N'),
  rule('o', 'ow'),
  rule('ô', 'ow'),
  rule('ö', 'ow'),
  rule('œil', 'oe y'),
  rule('œu', 'eu', '(?:[sxt]|se|ses)?#'),
  rule('œu', 'oe'),
  rule('œ', 'ey'),
  rule('æ', 'ey'),
  // u
  rule('ueill', 'oe y', '', '[cg]'),
  rule('ueil', 'oe y', 's?#', '[cg]'),
  rule('um', 'ow m', 's?#'),
  rule('un', 'in', 'N'),
  rule('um', 'in', 'N'),
  rule('uy', 'uy iy y', 'V'),
  rule('u', 'ux', '(?:e|es|ent)#'),
  rule('u', 'ux', 'e(?:C(?!h)V|ment)'),
  rule('u', 'ux', 'V', '[bcdfgkptv][rl]'),
  rule('u', 'uy', 'V'),
  rule('u', 'ux'),
  rule('ù', 'ux'),
  rule('û', 'ux'),
  rule('ü', 'ux'),
  // y
  rule('yn', 'in', 'N'),
  rule('ym', 'in', 'N'),
  rule('y', 'y', 'V'),
  rule('y', 'iy'),
  rule('ÿ', 'iy'),
  // consonants
  rule('bb', 'b'),
  rule('b', 'p', '[st]'),
  rule('b', 'b'),
  rule('cc', 'k s', 'F'),
  rule('cch', 'k'),
  rule('cc', 'k'),
  rule('ch', 'k', '[rl]'),
  rule('ch', 'sh'),
  rule('ck', 'k'),
  rule('cqu', 'k'),
  rule('c', 's', 'F'),
  rule('c', '', 's?#', '[aeo]n'),
  rule('c', 'k'),
  rule('ç', 's'),
  rule('dd', 'd'),
  rule('d', '', 's?#'),
  rule('d', 'd'),
  rule('ff', 'f'),
  rule('f', 'f'),
  rule('gg', 'g zh', 'F'),
  rule('gg', 'g'),
  rule('gn', 'n y'),
  rule('gu', 'g', 'F'),
  rule('ge', 'zh', '[aoâô]'),
  rule('g', 'zh', 'F'),
  rule('g', '', 's?#', 'n'),
  rule('g', 'g'),
  rule('h', ''),
  rule('j', 'zh'),
  rule('k', 'k'),
  rule('ll', 'l'),
  rule('l', 'l'),
  rule('mm', 'm'),
  rule('m', 'm'),
  rule('nn', 'n'),
  rule('n', 'n'),
  rule('ph', 'f'),
  rule('pp', 'p'),
  rule('p', '', 's?#'),
  rule('p', '', 't', 'm'),
  rule('p', 'p'),
  rule('qu', 'k'),
  rule('q', 'k'),
  rule('rr', 'r'),
  rule('r', 'r'),
  rule('sch', 'sh'),
  rule('sh', 'z', 'V', '#d[ée]'),
  rule('sh', 'sh'),
  rule('sc', 's', 'F'),
  rule('ss', 's'),
  rule('s', 's', '#', 'è'),
  rule('s', '', '#'),
  rule('s', 'z', 'V', 'V'),
  rule('s', 's'),
  rule('tt', 't'),
  rule('th', 't'),
  rule('t', 's', 'i(?:on|el|al|eu|en[^t])', '[^sx]'),
  rule('t', 't', 's?#', 'c'),
  rule('t', '', 's?#'),
  rule('t', 't'),
  rule('v', 'v'),
  rule('w', 'w'),
  rule('x', 'g z', '[h' + V + ']', '#e'),
  rule('xc', 'k s', 'F'),
  rule('x', '', '#'),
  rule('x', 'k s'),
  rule('zz', 'z'),
  rule('z', '', '#'),
  rule('z', 'z'),
];

const RULES_BY_LETTER = new Map<string, Rule[]>();
for (const r of RULES) RULES_BY_LETTER.set(r.letters[0]!, [...(RULES_BY_LETTER.get(r.letters[0]!) ?? []), r]);

/** Stress on the last full vowel, else the last schwa (the dictionary's convention: scripts/convert-htk-model.py). */
function withStress(phones: readonly string[], vowels: ReadonlySet<string>): string[] {
  const nuclei = phones.flatMap((p, i) => (vowels.has(p) ? [i] : []));
  const full = nuclei.filter((i) => phones[i] !== 'ax');
  const stressed = (full.length > 0 ? full : nuclei).at(-1);
  return phones.map((p, i) => (vowels.has(p) ? `${p}${i === stressed ? 1 : 0}` : p));
}

/**
 * The word without the schwas French drops, by the rule the dictionary's own
 * variants follow: a schwa after a single consonant (itself after a vowel or
 * at the word's start) and before a consonant goes ("samedi", "vivement");
 * after two consonants it stays ("appartement").
 */
function withoutSchwa(phones: readonly string[], vowels: ReadonlySet<string>): string[] {
  const out: string[] = [];
  phones.forEach((p, i) => {
    const single = out.length >= 1 && !vowels.has(out.at(-1)!) && (out.length === 1 || vowels.has(out.at(-2)!));
    const consonantNext = i + 1 < phones.length && !vowels.has(phones[i + 1]!);
    if (!(p === 'ax' && single && consonantNext && phones.some((q) => vowels.has(q) && q !== 'ax'))) out.push(p);
  });
  return out;
}

/**
 * A written word (lower case, hyphens and apostrophes allowed) → its
 * pronunciations with stress digits, as written and then without the schwas
 * speakers drop; none where a letter has no rule (a word in another script)
 * or the word would be silent.
 */
export function pronounceSpelling(word: string, vowels: ReadonlySet<string>): string[][] {
  const phones: string[] = [];
  for (const part of word.normalize('NFC').split(/[-']/).filter((p) => p !== '')) {
    for (let i = 0; i < part.length; ) {
      const applies = (r: Rule) => part.startsWith(r.letters, i) && r.right.test(part.slice(i + r.letters.length)) && r.left.test(part.slice(0, i));
      const found = RULES_BY_LETTER.get(part[i]!)?.find(applies);
      if (found === undefined) return [];
      phones.push(...found.phones);
      i += found.letters.length;
    }
  }
  if (!phones.some((p) => vowels.has(p))) return [];
  const dropped = withoutSchwa(phones, vowels);
  return (dropped.length < phones.length ? [phones, dropped] : [phones]).map((v) => withStress(v, vowels));
}
