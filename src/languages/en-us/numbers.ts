const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/**
 * Spells out a whole number below one billion as it is read: American
 * ("1999" → "one thousand nine hundred ninety nine"), or with British "and"
 * before the tens and units ("one hundred and five", "two thousand and one").
 */
export function numberSpeller({ and }: { and: boolean }): (n: number) => string[] {
  const spell = (n: number): string[] => {
    if (!Number.isInteger(n) || n < 0 || n >= 1e9) throw new RangeError(`cannot spell ${n}`);
    if (n < 20) return [ONES[n]!];
    if (n < 100) return n % 10 === 0 ? [TENS[n / 10]!] : [TENS[Math.floor(n / 10)]!, ONES[n % 10]!];
    for (const [size, name] of [[1e6, 'million'], [1000, 'thousand'], [100, 'hundred']] as const) {
      if (n >= size) {
        const rest = n % size;
        return [...spell(Math.floor(n / size)), name, ...(rest > 0 && and && rest < 100 ? ['and'] : []), ...(rest ? spell(rest) : [])];
      }
    }
    throw new RangeError(`cannot spell ${n}`);
  };
  return spell;
}

export const spellNumber = numberSpeller({ and: false });
