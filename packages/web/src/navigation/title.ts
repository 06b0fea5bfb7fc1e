/** Page titles carry the brand suffix (spec §2). */
export function pageTitle(title: string): string {
  return title ? `${title} - Rookery` : 'Rookery';
}
