import type { MessageInstance } from 'antd/es/message/interface';

export type ToastLevel = 'success' | 'info' | 'warning' | 'error';
export interface Toast {
  level: ToastLevel;
  text: string;
  /** Seconds. */
  duration?: number;
}

/**
 * The bridge between code outside React (the API client, session actions) and antd's message API, which
 * only exists inside a rendered holder. ToastHost loads antd's message holder when a toast waits for one, or
 * when it is asked for ahead (`prepareToasts`): the route of the screens under antd does, as it loads, so
 * that a failed call's toast shows at once there, while the sign-in screen loads it with its first toast. The
 * holder bound last shows the toasts.
 */
const bound: MessageInstance[] = [];
const waiting: Toast[] = [];
const listeners = new Set<() => void>();

/** Binds a holder's message API; returns what unbinds it. */
export function bindNotifier(message: MessageInstance): () => void {
  bound.push(message);
  for (const toast of waiting.splice(0)) show(message, toast);
  changed();
  return () => {
    const at = bound.lastIndexOf(message);
    if (at >= 0) bound.splice(at, 1);
  };
}

export function notify(toast: Toast): void {
  const message = bound.at(-1);
  if (message) show(message, toast);
  else if (waiting.length < 20) {
    waiting.push(toast);
    changed();
  }
}

let asked = false;

/** Asks for the holder before any toast (read with `needsHolder`). */
export function prepareToasts(): void {
  if (asked) return;
  asked = true;
  changed();
}

/** Whether a toast waits for a holder (read with `subscribeWaiting`). */
export function hasWaitingToasts(): boolean {
  return waiting.length > 0;
}

/** Whether a holder should be rendered: a toast waits for one, or one was asked for. */
export function needsHolder(): boolean {
  return asked || waiting.length > 0;
}

export function subscribeWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

function show(message: MessageInstance, toast: Toast): void {
  void message.open({ type: toast.level, content: toast.text, duration: toast.duration ?? 2.5 });
}

const NOTICE_KEY = 'pendingNotice';

/**
 * A toast to show after the reload that log-out, company and region switches end with. It lives in
 * sessionStorage, which log-out's local-storage clear does not touch and which dies with the tab.
 */
export function notifyAfterReload(toast: Toast): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, JSON.stringify(toast));
  } catch {
    // without sessionStorage the toast is simply lost
  }
}

export function takePendingNotice(): Toast | undefined {
  try {
    const raw = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    if (!raw) return undefined;
    const toast = JSON.parse(raw) as Partial<Toast>;
    return typeof toast.text === 'string' && typeof toast.level === 'string' ? (toast as Toast) : undefined;
  } catch {
    return undefined;
  }
}
