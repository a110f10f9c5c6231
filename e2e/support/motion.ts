import type { Locator } from '@playwright/test';

/**
 * Waits for the dialog, drawer, dropdown, select's list or popover (a confirmation) around `inside` to finish its
 * opening motion. A click while it still
 * zooms or slides in is aimed where the target was drawn a frame before, and can land beside it.
 */
export async function settled(inside: Locator): Promise<void> {
  await inside.evaluate(async (el) => {
    const root =
      el.closest('.ant-modal-root, .ant-drawer, .ant-dropdown, .ant-select-dropdown, .ant-popover') ?? el;
    // A motion cancelled by the next one (antd restarts it when the content changes) rejects `finished` with an
    // AbortError: it is over all the same.
    await Promise.all(
      root.getAnimations({ subtree: true }).map((a) =>
        a.finished.then(
          () => undefined,
          () => undefined,
        ),
      ),
    );
  });
}
