export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

/** Spec §9: messages stay 5 seconds. */
export const noticeSeconds = 5;
