import type { NoticeKind } from './notice-kind';

export { type NoticeKind, noticeSeconds } from './notice-kind';

/** What must load before the first notice shows (the shell's theme for them), set by the app. */
let beforeFirstNotice: () => Promise<unknown> = async () => {};

export function loadBeforeFirstNotice(load: () => Promise<unknown>) {
  beforeFirstNotice = load;
}

/**
 * Show a notice (top right). The notification code loads on the first notice, not with the page:
 * most sessions never see one, and the login page's first load has a size budget.
 */
export function notify(kind: NoticeKind, title: string, description?: string): void {
  void Promise.all([import('./notice-host'), beforeFirstNotice()]).then(([{ showNotice }]) =>
    showNotice(kind, title, description),
  );
}
