/** Calls the listener at most once per `ms` (the last call always comes through). */
export function throttled(subscribe: (l: () => void) => () => void, ms: number) {
  return (listener: () => void) => {
    if (ms <= 0) return subscribe(listener);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const unsubscribe = subscribe(() => {
      const wait = last + ms - Date.now();
      if (wait <= 0) {
        last = Date.now();
        listener();
      } else if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          last = Date.now();
          listener();
        }, wait);
      }
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  };
}
