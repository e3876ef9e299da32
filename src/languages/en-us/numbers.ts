const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Spells out a whole number below one billion as it is read ("1999" → "one thousand nine hundred ninety nine"). */
export function spellNumber(n: number): string[] {
  if (!Number.isInteger(n) || n < 0 || n >= 1e9) throw new RangeError(`cannot spell ${n}`);
  if (n < 20) return [ONES[n]!];
  if (n < 100) return n % 10 === 0 ? [TENS[n / 10]!] : [TENS[Math.floor(n / 10)]!, ONES[n % 10]!];
  for (const [size, name] of [[1e6, 'million'], [1000, 'thousand'], [100, 'hundred']] as const) {
    if (n >= size) {
      const rest = n % size;
      return [...spellNumber(Math.floor(n / size)), name, ...(rest ? spellNumber(rest) : [])];
    }
  }
  throw new RangeError(`cannot spell ${n}`);
}
