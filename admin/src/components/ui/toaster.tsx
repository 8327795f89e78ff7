import { TIMINGS } from '@barberly/common';
import type { CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { Toaster as Sonner, toast } from 'sonner';
import type { ToastMessage } from '../../lib/toast-messages';

/**
 * Spec 9: one toast at a time, 5 s, F8 focuses the region; at most 420 px wide from medium screens up. Rendered
 * straight into <body> so a modal dialog, which makes the rest of the page inert, leaves it live.
 *
 * Top left, just under the 64 px header: forms and dialogs keep their primary button bottom right, and a toast
 * there sat on top of it (a toast pauses while hovered, so the button stayed covered as long as the pointer was on
 * it; decision 0023). Not top right either: the page headers' controls (Log in, Logout, Preview Site, Edit Shop,
 * the assistant) sit on the right, and a wide toast in the middle reached them; on the left is the page's title,
 * text only (issue 28, decision 0176). On phones it spans the width under the header, above the page's buttons.
 */
export function Toaster() {
  // Prerendering at build time has no document (and no toasts to show).
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div data-stay-live="">
      <Sonner
        visibleToasts={TIMINGS.toastLimit}
        duration={TIMINGS.toastDurationMs}
        hotkey={['F8']}
        position="top-left"
        offset={{ top: 76, left: 16 }}
        mobileOffset={{ top: 72, left: 12, right: 12 }}
        theme="dark"
        richColors
        closeButton
        style={{ '--width': 'min(420px, calc(100vw - 32px))' } as CSSProperties}
      />
    </div>,
    document.body,
  );
}

export function showToast(message: ToastMessage, opts: { durationMs?: number } = {}): void {
  const options = { description: message.description, duration: opts.durationMs };
  if (message.variant === 'destructive') toast.error(message.title, options);
  else toast.success(message.title, options);
}
