export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

/** Spec §9: messages stay 5 seconds. */
export const noticeSeconds = 5;

/**
 * Show a notice (top right). The notification code loads on the first notice, not with the page:
 * most sessions never see one, and the login page's first load has a size budget.
 */
export function notify(kind: NoticeKind, title: string, description?: string): void {
  void import('./notice-host').then(({ showNotice }) => showNotice(kind, title, description));
}
