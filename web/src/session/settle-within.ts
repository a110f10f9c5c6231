/**
 * Waits for `work` to settle, but no longer than `ms`: resolves true when it settled in time, false when the
 * wait ran out. Never rejects: the caller goes on either way.
 */
export function settleWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}
