import { useSyncExternalStore } from 'react';

export type LoginTab = 'signin' | 'register';

interface LoginModalState {
  open: boolean;
  tab: LoginTab;
  /** Spec 4: while a submit is in progress the modal's fields and buttons are disabled. */
  submitting: boolean;
}

let loader: (() => unknown) | null = null;

let state: LoginModalState = { open: false, tab: 'signin', submitting: false };
const listeners = new Set<() => void>();

function set(patch: Partial<LoginModalState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/** The one login modal, opened from anywhere (header, pricing, mobile menu) and mounted once by the app shell. */
export const loginModal = {
  open: (tab: LoginTab = 'signin') => set({ open: true, tab }),
  close: () => set({ open: false }),
  setTab: (tab: LoginTab) => set({ tab }),
  setSubmitting: (submitting: boolean) => set({ submitting }),
  get: () => state,
  /** Starts loading the modal's code (on hover or focus of a button that opens it). */
  preload: () => {
    loader?.();
  },
  /** The app shell says how to load the modal; lib never imports a feature. */
  setLoader: (load: () => unknown) => {
    loader = load;
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLoginModal(): LoginModalState {
  return useSyncExternalStore(loginModal.subscribe, loginModal.get, loginModal.get);
}
