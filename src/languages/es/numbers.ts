/** Spanish number words: 21 is "veintiuno", 100 "cien" but 101 "ciento uno", 1000 "mil", 2000 "dos mil", 10^6 "un millón". */
const UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];

function below100(n: number): string[] {
  if (n < 30) return [UNITS[n]!];
  const unit = n % 10;
  return unit === 0 ? [TENS[Math.floor(n / 10)]!] : [TENS[Math.floor(n / 10)]!, 'y', UNITS[unit]!];
}

function below1000(n: number): string[] {
  if (n === 100) return ['cien'];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [...(hundreds > 0 ? [HUNDREDS[hundreds]!] : []), ...(rest > 0 || hundreds === 0 ? below100(rest) : [])];
}

/** "uno" before a noun-like "mil"/"millones" is "un" (veintiún mil, un millón). */
const apocope = (words: string[]) => words.map((w, i) => (i === words.length - 1 ? (w === 'uno' ? 'un' : w === 'veintiuno' ? 'veintiún' : w) : w));

export function spellNumber(n: number): string[] {
  if (n === 0) return ['cero'];
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  return [
    ...(millions === 1 ? ['un', 'millón'] : millions > 1 ? [...apocope(below1000(millions)), 'millones'] : []),
    ...(thousands === 1 ? ['mil'] : thousands > 1 ? [...apocope(below1000(thousands)), 'mil'] : []),
    ...(rest > 0 ? below1000(rest) : []),
  ];
}
