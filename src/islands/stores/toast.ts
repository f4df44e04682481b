import { atom } from 'nanostores';

/** Toasts auto-hide after 3 seconds (spec section 9). */
export const TOAST_MS = 3000;

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
