import type { MessageInstance } from 'antd/es/message/interface';
import { describe, expect, it, vi } from 'vitest';
import {
  bindNotifier,
  hasWaitingToasts,
  needsHolder,
  notify,
  notifyAfterReload,
  prepareToasts,
  subscribeWaiting,
  takePendingNotice,
} from './notifier';

function fakeMessage() {
  const open = vi.fn();
  return { open, instance: { open } as unknown as MessageInstance };
}

describe('notify', () => {
  it('holds toasts until a message API is bound, then shows them in order', () => {
    const heard = vi.fn();
    const stop = subscribeWaiting(heard);
    notify({ level: 'error', text: 'one' });
    notify({ level: 'warning', text: 'two', duration: 5 });
    expect(hasWaitingToasts()).toBe(true);
    expect(heard).toHaveBeenCalled();
    const { open, instance } = fakeMessage();
    const unbind = bindNotifier(instance);
    expect(hasWaitingToasts()).toBe(false);
    expect(open.mock.calls.map(([arg]) => [arg.type, arg.content, arg.duration])).toEqual([
      ['error', 'one', 2.5],
      ['warning', 'two', 5],
    ]);
    notify({ level: 'success', text: 'three' });
    expect(open).toHaveBeenCalledTimes(3);
    unbind();
    stop();
  });

  it('shows toasts in the holder bound last, and in the earlier one once that is gone', () => {
    const first = fakeMessage();
    const second = fakeMessage();
    const unbindFirst = bindNotifier(first.instance);
    const unbindSecond = bindNotifier(second.instance);
    notify({ level: 'info', text: 'to the second' });
    unbindSecond();
    notify({ level: 'info', text: 'to the first' });
    expect(second.open.mock.calls.map(([arg]) => arg.content)).toEqual(['to the second']);
    expect(first.open.mock.calls.map(([arg]) => arg.content)).toEqual(['to the first']);
    unbindFirst();
  });
});

describe('prepareToasts', () => {
  it('asks for a holder before any toast, once', () => {
    const heard = vi.fn();
    const stop = subscribeWaiting(heard);
    expect(needsHolder()).toBe(false);
    prepareToasts();
    prepareToasts();
    expect(needsHolder()).toBe(true);
    expect(hasWaitingToasts()).toBe(false);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
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
