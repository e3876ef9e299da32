/**
 * Predicted-vs-human plots as standalone SVG. With tens of thousands of points
 * a scatter of dots is a blot, so points are binned on a grid and each cell's
 * shade grows with the log of its count.
 */
export interface DensityPlot {
  title: string;
  xLabel: string;
  yLabel: string;
  x: readonly number[];
  y: readonly number[];
  xRange: [number, number];
  yRange: [number, number];
}

const SIZE = 360;
const MARGIN = 48;
const BINS = 40;

export function densityPlotSvg(plot: DensityPlot): string {
  const [x0, x1] = plot.xRange;
  const [y0, y1] = plot.yRange;
  const bin = (v: number, lo: number, hi: number) => Math.min(BINS - 1, Math.max(0, Math.floor(((v - lo) / (hi - lo)) * BINS)));
  const counts = new Map<number, number>();
  plot.x.forEach((x, i) => {
    const key = bin(x, x0, x1) * BINS + bin(plot.y[i]!, y0, y1);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const maxLog = Math.log1p(Math.max(1, ...counts.values()));
  const cell = SIZE / BINS;
  const rects = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([key, n]) => {
      const [bx, by] = [Math.floor(key / BINS), key % BINS];
      const shade = (0.15 + (0.85 * Math.log1p(n)) / maxLog).toFixed(3);
      return `<rect x="${(MARGIN + bx * cell).toFixed(1)}" y="${(MARGIN + SIZE - (by + 1) * cell).toFixed(1)}" width="${cell.toFixed(1)}" height="${cell.toFixed(1)}" fill="#1f5fa8" fill-opacity="${shade}"/>`;
    });
  const ticks = (lo: number, hi: number) => Array.from({ length: 6 }, (_, i) => lo + ((hi - lo) * i) / 5);
  const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
  const xTicks = ticks(x0, x1).map((v, i) => `<text x="${MARGIN + (SIZE * i) / 5}" y="${MARGIN + SIZE + 16}" text-anchor="middle">${fmt(v)}</text>`);
  const yTicks = ticks(y0, y1).map((v, i) => `<text x="${MARGIN - 6}" y="${MARGIN + SIZE - (SIZE * i) / 5 + 4}" text-anchor="end">${fmt(v)}</text>`);
  const w = SIZE + 2 * MARGIN;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}" viewBox="0 0 ${w} ${w}" font-family="sans-serif" font-size="11">`,
    `<rect width="${w}" height="${w}" fill="white"/>`,
    `<text x="${w / 2}" y="24" text-anchor="middle" font-size="13">${escape(plot.title)}</text>`,
    ...rects,
    `<rect x="${MARGIN}" y="${MARGIN}" width="${SIZE}" height="${SIZE}" fill="none" stroke="#444"/>`,
    ...xTicks,
    ...yTicks,
    `<text x="${w / 2}" y="${w - 8}" text-anchor="middle">${escape(plot.xLabel)}</text>`,
    `<text x="12" y="${w / 2}" text-anchor="middle" transform="rotate(-90 12 ${w / 2})">${escape(plot.yLabel)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

const escape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
