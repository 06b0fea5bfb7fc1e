import type { KeyboardEvent } from 'react';

/**
 * For the `onKeyDown` of a form whose submission reaches players or money (UX.md §1): Enter in
 * one of its fields does nothing, so only the primary button sends it. Text areas keep their
 * new lines; filter and search bars do not use this and still search on Enter.
 */
export function ignoreEnter(event: KeyboardEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target.tagName !== 'TEXTAREA' && target.tagName !== 'BUTTON') event.preventDefault();
}
