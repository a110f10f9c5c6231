import type { MessageInstance } from 'antd/es/message/interface';
import { describe, expect, it, vi } from 'vitest';
import { bindNotifier, notify, notifyAfterReload, takePendingNotice } from './notifier';

function fakeMessage() {
  const open = vi.fn();
  return { open, instance: { open } as unknown as MessageInstance };
}

describe('notify', () => {
  it('holds toasts until a message API is bound, then shows them in order', () => {
    bindNotifier(null);
    notify({ level: 'error', text: 'one' });
    notify({ level: 'warning', text: 'two', duration: 5 });
    const { open, instance } = fakeMessage();
    bindNotifier(instance);
    expect(open.mock.calls.map(([arg]) => [arg.type, arg.content, arg.duration])).toEqual([
      ['error', 'one', 2.5],
      ['warning', 'two', 5],
    ]);
    notify({ level: 'success', text: 'three' });
    expect(open).toHaveBeenCalledTimes(3);
    bindNotifier(null);
  });
});

describe('notifyAfterReload', () => {
  it('keeps one toast for the next page load and gives it once', () => {
    notifyAfterReload({ level: 'success', text: 'Login out！' });
    localStorage.clear();
    expect(takePendingNotice()).toEqual({ level: 'success', text: 'Login out！' });
    expect(takePendingNotice()).toBeUndefined();
  });

  it('ignores a malformed notice', () => {
    sessionStorage.setItem('pendingNotice', '{"text":1}');
    expect(takePendingNotice()).toBeUndefined();
  });
});
