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
 * only exists inside <App>. Toasts raised before the bridge is bound wait for it.
 */
let bound: MessageInstance | null = null;
const waiting: Toast[] = [];

export function bindNotifier(message: MessageInstance | null): void {
  bound = message;
  if (!bound) return;
  for (const toast of waiting.splice(0)) show(bound, toast);
}

export function notify(toast: Toast): void {
  if (bound) show(bound, toast);
  else if (waiting.length < 20) waiting.push(toast);
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
