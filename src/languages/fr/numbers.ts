/**
 * French numbers as read aloud, word by word (the words the dictionary
 * lists: "soixante-dix" is "soixante", "dix"): "et un" in 21–61 and 71,
 * vigesimal 70–99, "cents" and "quatre-vingts" plural only at the end.
 */
const UNITS = ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize'];
const TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

/** 1..99; `last`: nothing follows, so 80 is "quatre-vingts". */
function below100(n: number, last: boolean): string[] {
  if (n <= 16) return [UNITS[n]!];
  if (n < 20) return ['dix', UNITS[n - 10]!];
  if (n < 70) {
    const [tens, unit] = [Math.floor(n / 10), n % 10];
    if (unit === 0) return [TENS[tens]!];
    return unit === 1 ? [TENS[tens]!, 'et', 'un'] : [TENS[tens]!, UNITS[unit]!];
  }
  if (n < 80) return n === 71 ? ['soixante', 'et', 'onze'] : ['soixante', ...below100(n - 60, last)];
  return n === 80 ? ['quatre', last ? 'vingts' : 'vingt'] : ['quatre', 'vingt', ...below100(n - 80, last)];
}

/** 1..999. */
function below1000(n: number, last: boolean): string[] {
  const [hundreds, rest] = [Math.floor(n / 100), n % 100];
  const head = hundreds === 0 ? [] : hundreds === 1 ? ['cent'] : [UNITS[hundreds]!, rest === 0 && last ? 'cents' : 'cent'];
  return rest === 0 ? head : [...head, ...below100(rest, last)];
}

export function spellNumber(n: number): string[] {
  if (n === 0) return [UNITS[0]!];
  const [millions, thousands, rest] = [Math.floor(n / 1_000_000), Math.floor(n / 1000) % 1000, n % 1000];
  return [
    ...(millions === 0 ? [] : millions === 1 ? ['un', 'million'] : [...below1000(millions, true), 'millions']),
    // "mille" never takes an s, and neither do "cent" and "vingt" before it.
    ...(thousands === 0 ? [] : thousands === 1 ? ['mille'] : [...below1000(thousands, false), 'mille']),
    ...(rest === 0 ? [] : below1000(rest, true)),
  ];
}
