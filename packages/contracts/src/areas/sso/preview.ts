/**
 * "View as role": the header the console sends on every call while an admin previews a role; the
 * server refuses every change carrying it. Its own file: the login page's client reads it without
 * the SSO centre's schemas.
 */
export const PREVIEW_HEADER = 'x-rookery-preview';
