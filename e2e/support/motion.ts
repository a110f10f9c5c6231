import type { Locator } from '@playwright/test';

/**
 * Waits for the dialog, drawer, dropdown, select's list or popover (a confirmation) around `inside` to finish its
 * opening motion. A click while it still zooms or slides in is aimed where the target was drawn a frame before,
 * and can land beside it.
 *
 * antd's motions (rc-motion) go through stages: the element first gets `…-enter` / `…-appear` classes with the
 * animation paused or not yet named (no running animation to wait for), a frame later `…-active` starts it, and the
 * classes go when it ends. So this waits until no motion class is left in the popup, and for every animation.
 */
export async function settled(inside: Locator): Promise<void> {
  await inside.evaluate(async (el) => {
    const root =
      el.closest('.ant-modal-root, .ant-drawer, .ant-dropdown, .ant-select-dropdown, .ant-popover') ?? el;
    const moving = /-(enter|appear|leave)(-|$)/;
    const inMotion = () =>
      [root, ...root.querySelectorAll('[class]')].some((node) =>
        [...node.classList].some((c) => moving.test(c)),
      );
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    // A motion lasts 0.1–0.3 s; 3 s is a safety stop, not a wait: nothing here should take it.
    const giveUp = performance.now() + 3000;
    for (;;) {
      // A motion cancelled by the next one (antd restarts it when the content changes) rejects `finished` with
      // an AbortError: it is over all the same.
      await Promise.all(
        root.getAnimations({ subtree: true }).map((a) =>
          a.finished.then(
            () => undefined,
            () => undefined,
          ),
        ),
      );
      if (!inMotion() || performance.now() > giveUp) return;
      await frame();
    }
  });
}
