/**
 * A queue that runs the jobs given to it one at a time, in the order given;
 * a job's failure is its caller's alone and does not stop the ones after it.
 */
export function serialQueue(): <T>(job: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (job) => {
    const result = tail.then(job);
    tail = result.catch(() => undefined);
    return result;
  };
}
