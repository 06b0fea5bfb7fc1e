/**
 * `/redirect/:route*` carries either a plain path or a JSON-encoded route `{path, query}`
 * (spec §2). Anything else, or a path leaving the console, goes home.
 */
export function redirectTarget(raw: string, home: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return home;
  }
  if (decoded.startsWith('{')) {
    try {
      const route = JSON.parse(decoded) as { path?: unknown; query?: unknown };
      if (typeof route.path !== 'string') return home;
      const query =
        route.query && typeof route.query === 'object'
          ? new URLSearchParams(route.query as Record<string, string>).toString()
          : '';
      return safePath(query ? `${route.path}?${query}` : route.path, home);
    } catch {
      return home;
    }
  }
  return safePath(decoded.startsWith('/') ? decoded : `/${decoded}`, home);
}

function safePath(path: string, home: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? path : home;
}
