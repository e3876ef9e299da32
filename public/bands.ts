/**
 * The spec's feedback colours: 80–100 green, 70–80 orange, below 70 red. The colours themselves
 * are CSS custom properties (index.html), chosen for WCAG AA contrast (4.5:1) on the light and the
 * dark background; text takes them through a class, the canvas reads them when it draws.
 */
export type Band = 'good' | 'fair' | 'poor';

export const band = (quality: number): Band => (quality >= 80 ? 'good' : quality >= 70 ? 'fair' : 'poor');

/** A colour of the page's current scheme by its custom property name, e.g. colour('band-good'). */
export const colour = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim();
