/**
 * Raw GOP → 0..100, a fixed monotone mapping (no learning; issue #4 replaces
 * it with a calibrated head). A phone whose own model wins every frame
 * (gop = 0) scores 100; the score halves for every GOP_HALVING nats per
 * frame that the best competitor is ahead.
 */
export const GOP_HALVING = 1.5;

export function phoneQuality(gop: number): number {
  return 100 * 2 ** (gop / GOP_HALVING);
}

export const PASS_THRESHOLD = 70;

export const round1 = (x: number) => Math.round(x * 10) / 10;
export const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
