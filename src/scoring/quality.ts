/**
 * The head predicts on speechocean762's scales (phone 0..2, word and
 * utterance 0..10); the service scale is those stretched to 0..100, clamped.
 * Calibration is in the head itself (trained to the human scores), so this
 * mapping is linear on purpose.
 */
export const serviceScale = (score: number, max: number) => Math.min(100, Math.max(0, (100 * score) / max));

export const PASS_THRESHOLD = 70;

