import { atom } from 'nanostores';

/** Toasts auto-hide after 3 seconds (spec section 9). */
const TOAST_MS = 3000;

export interface Toast {
  id: number;
  message: string;
  imageUrl?: string | undefined;
  customMessage?: string | undefined;
  messageType: 'info' | 'success' | 'error';
}

export const $toast = atom<Toast | null>(null);

let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(toast: Omit<Toast, 'id'>): void {
  const id = ++seq;
  $toast.set({ ...toast, id });
  clearTimeout(timer);
  timer = setTimeout(() => {
    if ($toast.get()?.id === id) $toast.set(null);
  }, TOAST_MS);
}

export function hideToast(): void {
  clearTimeout(timer);
  $toast.set(null);
}

/** sessionStorage: a toast for the next page (the login flow navigates right after its last step). */
export const PENDING_TOAST_KEY = 'podo:toast-pending';

/** Shows `toast` on the next page this tab opens (and now, if a Toast island is on this one). */
export function queueToast(toast: Omit<Toast, 'id'>): void {
  try {
    window.sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify(toast));
  } catch {
    // storage disabled: this page's toast is all there is
  }
  showToast(toast);
}

/** The queued toast, once (the Toast island calls it when it starts). */
export function takeQueuedToast(): Omit<Toast, 'id'> | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_TOAST_KEY);
    window.sessionStorage.removeItem(PENDING_TOAST_KEY);
    const t = raw ? (JSON.parse(raw) as Partial<Toast>) : null;
    if (t && typeof t.message === 'string' && ['info', 'success', 'error'].includes(String(t.messageType))) {
      return {
        message: t.message,
        messageType: t.messageType as Toast['messageType'],
        ...(typeof t.customMessage === 'string' ? { customMessage: t.customMessage } : {}),
      };
    }
  } catch {
    // not JSON, or storage disabled
  }
  return null;
}
