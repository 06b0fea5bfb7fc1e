/** Spec §9: test hosts start with `test-` or are local; pre-release hosts start with `pre-`. */
export type HostKind = 'test' | 'preRelease' | 'production';

export function hostKind(hostname: string): HostKind {
  const host = hostname.toLowerCase();
  if (host.startsWith('test-') || host === 'localhost' || host === '127.0.0.1') return 'test';
  if (host.startsWith('pre-')) return 'preRelease';
  return 'production';
}

export const currentHostKind: HostKind = typeof location === 'undefined' ? 'production' : hostKind(location.hostname);
