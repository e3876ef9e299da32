/**
 * Raw GOP → 0..100, a fixed monotone mapping (no learning; issue #4 replaces
 * it with a calibrated head). A phone whose own model wins every frame
 * (gop = 0) scores 100; every nat per frame that the best competitor is ahead
 * costs GOP_POINTS points, down to 0 at 10 nats. Linear because the size of a
 * large deficit carries information: on speechocean762 a linear map tracks the
 * human phone, word and utterance scores better than an exponential one
 * (phone PCC 0.245 vs 0.20, word 0.37 vs 0.25, utterance 0.63 vs 0.55).
 */
export const GOP_POINTS = 10;

export function phoneQuality(gop: number): number {
  return Math.min(100, Math.max(0, 100 + GOP_POINTS * gop));
}

export const PASS_THRESHOLD = 70;

export const round1 = (x: number) => Math.round(x * 10) / 10;
export const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
