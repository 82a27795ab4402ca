/*
 * The bearer token of the signed-in session, kept in this module's memory only: never in
 * localStorage or sessionStorage. A reload renews it through the httpOnly session cookie
 * (`POST /api/api/auth/refresh`).
 */
let currentToken: string | null = null;

export function getToken(): string | null {
  return currentToken;
}

export function setToken(token: string | null): void {
  currentToken = token;
}
