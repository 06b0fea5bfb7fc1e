import { PREVIEW_HEADER } from '@rookery/contracts';
import { useSyncExternalStore } from 'react';

/**
 * "View as role": while an admin previews a role, the menu, the page guard and every `can()`
 * read the role's access instead of the admin's, and every call carries the preview marker
 * (the server refuses a change carrying it). Kept for the tab (sessionStorage), dropped at sign-out.
 */
export interface RolePreview {
  /** The role's name as shown. */
  name: string;
  access: string[];
}

const storageKey = 'rookery-role-preview';
const listeners = new Set<() => void>();

function read(): RolePreview | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    return raw ? (JSON.parse(raw) as RolePreview) : null;
  } catch {
    return null;
  }
}

let current: RolePreview | null = typeof sessionStorage === 'undefined' ? null : read();

function set(next: RolePreview | null) {
  current = next;
  try {
    if (next) sessionStorage.setItem(storageKey, JSON.stringify(next));
    else sessionStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode): the preview lasts until the page reloads.
  }
  for (const l of listeners) l();
}

export const startPreview = (preview: RolePreview) => set(preview);
export const stopPreview = () => set(null);
export const currentPreview = () => current;

export function usePreview(): RolePreview | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

/** The header a call carries while previewing. */
export const previewHeaders = (): Record<string, string> =>
  current ? { [PREVIEW_HEADER]: encodeURIComponent(current.name) } : {};
