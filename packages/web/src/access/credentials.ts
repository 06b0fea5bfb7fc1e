import Cookies from 'js-cookie';

/** Cookie names of spec §4/§9; the token one carries the `admin-` prefix. */
export const tokenCookie = 'admin-token';
export const uuidCookie = 'uuid';
export const roleCookie = 'role';
/** The spec fixes the role cookie to this value; real access comes from the session. */
export const roleCookieValue = 'miniRole';

const cookieOptions = { expires: 1, sameSite: 'strict' as const, path: '/' };

export function readToken(): string | undefined {
  return Cookies.get(tokenCookie) || undefined;
}

export function storeCredentials(token: string, uuid: string) {
  Cookies.set(tokenCookie, token, cookieOptions);
  Cookies.set(uuidCookie, uuid, cookieOptions);
  Cookies.set(roleCookie, roleCookieValue, cookieOptions);
}

export function clearCredentials() {
  for (const name of [tokenCookie, uuidCookie, roleCookie]) Cookies.remove(name, { path: '/' });
}
