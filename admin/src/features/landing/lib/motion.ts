import { TIMINGS } from '@barberly/common';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

const REDUCED = '(prefers-reduced-motion: reduce)';

function subscribeReduced(callback: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED);
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED).matches;
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReduced, prefersReducedMotion, () => false);
}

/** Counts 0..length-1 every `ms`, while not paused. */
export function useCycle(length: number, ms: number, paused = false): [number, (index: number) => void] {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % length), ms);
    return () => window.clearInterval(timer);
  }, [length, ms, paused]);
  return [index, setIndex];
}

/** True once the page has scrolled past the spec's 10 px. */
export function useScrolledPast(threshold: number = TIMINGS.headerScrollThresholdPx): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

/**
 * Marks the element revealed once the given share of it is visible (features: 10%). Without IntersectionObserver
 * it is revealed at once.
 */
export function useReveal<T extends HTMLElement>(threshold: number = TIMINGS.featureRevealThreshold) {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setRevealed(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [threshold]);
  return { ref, revealed };
}

/**
 * Smooth-scrolls to a section so its top sits 100 px below the viewport's top (under the fixed header). People who
 * prefer less motion jump there.
 */
export function scrollToSection(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  const top = el.getBoundingClientRect().top + window.scrollY - TIMINGS.anchorOffsetPx;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  // Move focus for keyboard and screen-reader users without a second jump.
  el.focus({ preventScroll: true });
}
