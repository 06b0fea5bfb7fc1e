import { useSyncExternalStore } from 'react';

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** Spec §2: Mobile up to 600 px, Tablet up to 992 px, else Desktop. */
export function deviceClass(width: number): DeviceClass {
  if (width <= 600) return 'mobile';
  if (width <= 992) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(subscribe, () => deviceClass(window.innerWidth));
}
