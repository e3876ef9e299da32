/**
 * Practice history, kept on this device only (IndexedDB): one record per scored attempt with its
 * overall and per-word scores (never the audio), listed per text with the trend, compared word by
 * word with the attempt before, and exported as CSV or JSON for a teacher.
 */

export interface Attempt {
  id?: number;
  /** ISO time of the scoring. */
  at: string;
  mode: 'text' | 'word';
  dialect: string;
  text: string;
  /** Pronunciation (passage) or the word's quality, 0..100. */
  score: number;
  fluency?: number;
  words: { word: string; score: number }[];
}

const DB = 'oralis-practice';
const STORE = 'attempts';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is not available'));
  });
}

async function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

export const saveAttempt = (attempt: Attempt): Promise<IDBValidKey> => transact('readwrite', (store) => store.add(attempt));

/** Every attempt, oldest first. */
export const allAttempts = (): Promise<Attempt[]> => transact('readonly', (store) => store.getAll() as IDBRequest<Attempt[]>);

/** The attempts at the same text in the same mode and dialect, oldest first. */
export const attemptsAt = async (like: Pick<Attempt, 'mode' | 'dialect' | 'text'>): Promise<Attempt[]> =>
  (await allAttempts()).filter((a) => a.mode === like.mode && a.dialect === like.dialect && a.text === like.text);

/** The trend in words: the change from the first attempt to the latest, and the best so far. */
export function trend(attempts: readonly Attempt[]): string {
  if (attempts.length < 2) return 'Your first attempt at this text: score it again to see your progress.';
  const first = attempts[0]!.score;
  const last = attempts.at(-1)!.score;
  const best = Math.max(...attempts.map((a) => a.score));
  const change = Math.round(last - first);
  const direction = change > 0 ? `up ${change} points` : change < 0 ? `down ${-change} points` : 'the same score';
  return `${attempts.length} attempts: ${direction} since the first (${Math.round(first)} → ${Math.round(last)}); best ${Math.round(best)}.`;
}

/** Word-by-word change between two attempts at the same text (words matched by position). */
export function compare(before: Attempt, after: Attempt): { word: string; before: number; after: number }[] {
  return after.words.map((w, i) => ({ word: w.word, before: before.words[i]?.score ?? NaN, after: w.score }));
}

const CSV_COLUMNS = ['at', 'mode', 'dialect', 'text', 'score', 'fluency', 'words'] as const;

/** One row per attempt; words as "word:score" separated by spaces; fields quoted as RFC 4180 asks. */
export function toCsv(attempts: readonly Attempt[]): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const rows = attempts.map((a) =>
    [a.at, a.mode, a.dialect, a.text, String(a.score), a.fluency === undefined ? '' : String(a.fluency), a.words.map((w) => `${w.word}:${w.score}`).join(' ')].map(quote).join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\n')}\n`;
}

/** The attempts as stored, without the database's own keys. */
export const toJson = (attempts: readonly Attempt[]): string => `${JSON.stringify(attempts, (key, value: unknown) => (key === 'id' ? undefined : value), 2)}\n`;
