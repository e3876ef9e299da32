import type { TextScore } from '../contract/schema.js';

/** Whether a text_score carries the response_incomplete warning (the reading was judged incomplete or off-script). */
export const isIncomplete = (t: TextScore): boolean => (t.score_issue_list ?? []).some((issue) => issue.short_message === 'response_incomplete');

/** Read against another script, the pronunciation should be at most this, or the reading flagged incomplete. */
export const WRONG_PROMPT_AT_MOST = 50;

export function pearson(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  if (n < 2) return NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * Levenshtein alignment of two sequences: the index pairs it matches or
 * substitutes; insertions and deletions are left out.
 */
export function alignPairs<T>(a: readonly T[], b: readonly T[]): [number, number][] {
  const cost = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cost[i]![j] = Math.min(cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1, cost[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  const pairs: [number, number][] = [];
  for (let i = a.length, j = b.length; i > 0 && j > 0; ) {
    if (cost[i]![j] === cost[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)) pairs.push([--i, --j]);
    else if (cost[i]![j] === cost[i - 1]![j]! + 1) i--;
    else j--;
  }
  return pairs.reverse();
}
