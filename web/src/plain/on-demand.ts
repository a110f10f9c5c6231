import { useEffect, useRef, useState } from 'react';

export interface OnDemand<M> {
  /** The module, once loaded. */
  get: () => M | undefined;
  load: () => Promise<M>;
}

/** A module loaded once, when first asked for; a failed load (network) is tried again on the next ask. */
export function onDemand<M>(load: () => Promise<M>): OnDemand<M> {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  return {
    get: () => loaded,
    load: () => {
      pending ??= load().then(
        (module) => {
          loaded = module;
          return module;
        },
        (err: unknown) => {
          pending = undefined;
          throw err;
        },
      );
      return pending;
    },
  };
}

/**
 * A header popup whose antd code (Dropdown, Popover and what they hold) is not part of the first paint: its
 * trigger is drawn alone until a click or the keyboard's focus first reaches it (the pointer resting on it
 * only fetches the code); the trigger is then drawn again inside the popup, focused again if it had the
 * focus, and clicked again if it was clicked. The swap never happens between a press and its release: the release would
 * land on the new trigger and the click would be lost.
 */
export function useOnDemandPopup<M>(source: OnDemand<M>) {
  const [module, setModule] = useState(source.get);
  const trigger = useRef<HTMLButtonElement>(null);
  const pressing = useRef(false);
  const pending = useRef({ focus: false, open: false });

  // The click that asked for the popup is given again to the new trigger once it is laid out, so the popup
  // opens through antd's own click handling, as if it had been there all along.
  useEffect(() => {
    if (!module) return;
    const { focus, open: opening } = pending.current;
    pending.current = { focus: false, open: false };
    if (focus) trigger.current?.focus();
    if (!opening) return;
    const frame = requestAnimationFrame(() => trigger.current?.click());
    return () => cancelAnimationFrame(frame);
  }, [module]);

  const swap = (opening: boolean) => {
    if (module) return;
    if (opening) pending.current.open = true;
    source.load().then(
      (loaded) => {
        pending.current.focus = trigger.current !== null && document.activeElement === trigger.current;
        setModule(() => loaded);
      },
      () => undefined,
    );
  };
  const released = () => {
    pressing.current = false;
  };

  return {
    module,
    triggerProps: {
      ref: trigger,
      onPointerEnter: () => {
        if (!module) source.load().catch(() => undefined);
      },
      onPointerDown: () => {
        pressing.current = true;
      },
      onPointerUp: released,
      onPointerLeave: released,
      // Focus from the keyboard swaps; focus from a press waits for its click.
      onFocus: () => {
        if (!pressing.current) swap(false);
      },
      // Once the popup is there, its own trigger handling opens and closes it.
      onClick: () => {
        released();
        swap(true);
      },
    },
  };
}
