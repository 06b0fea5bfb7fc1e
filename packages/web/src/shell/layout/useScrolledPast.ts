import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True once the page is scrolled further than `threshold` px (the header hides, spec §9). */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(subscribe, () => window.scrollY > threshold);
}
