import type { Toast } from '../feedback/notifier';
import { notifyAfterReload } from '../feedback/notifier';
import { sessionStore } from './session-store';
import { clearSessionStorage } from './storage';

/** Log-out and expired sessions end the same way (AUTH-LOGOUT, AUTH-SESSION-END): clean slate, then the login page, reloaded. */
export function endSession(notice?: Toast): void {
  clearSessionStorage(window.localStorage);
  sessionStore.getState().reset();
  if (notice) notifyAfterReload(notice);
  window.location.replace('/login');
}

/**
 * Many calls fail with 401 together when a session ends (every query of a screen). Only the first one may
 * clear storage, toast and navigate; the rest are already handled.
 */
export function createSessionExpiry<E>(onExpired: (error: E) => void): (error: E) => void {
  let expired = false;
  return (error) => {
    if (expired) return;
    expired = true;
    onExpired(error);
  };
}
