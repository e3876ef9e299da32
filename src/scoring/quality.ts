/** The spec's pass mark on the 0..100 scale: `quality_class` is `pass` at or above it. Calibration (calibration.ts) puts the raters' own pass mark there. */
export const PASS_THRESHOLD = 70;
