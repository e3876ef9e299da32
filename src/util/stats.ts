/** Small statistics shared by the pipeline stages. `mean` and `std` of nothing are 0. */
export const mean = (xs: ArrayLike<number>): number => {
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += xs[i]!;
  return xs.length ? sum / xs.length : 0;
};

export const std = (xs: ArrayLike<number>): number => {
  const m = mean(xs);
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += (xs[i]! - m) ** 2;
  return xs.length ? Math.sqrt(sum / xs.length) : 0;
};

/** The upper median (the middle element of the sorted values; of two middles, the larger). */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export const round1 = (x: number): number => Math.round(x * 10) / 10;
