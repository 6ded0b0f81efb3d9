// The scopes of the Connect API (spec section 5) and how a user's portfolio choice maps to them.
export const PORTFOLIO_READ = 'portfolio:read';
export const PORTFOLIO_WRITE = 'portfolio:write';
export const API_SCOPES: readonly string[] = [PORTFOLIO_READ, PORTFOLIO_WRITE];

export type Action = 'read' | 'write';

/**
 * Scopes a token may carry given what the user chose: never more than was requested, and
 * `portfolio:write` only when the user gave write on at least one portfolio or allowed the
 * integration to create new portfolios (which it may then also read: it gets read and write on
 * what it creates, so `portfolio:read` comes with it).
 */
export function scopesForChoice(requested: ReadonlySet<string>, actions: ReadonlySet<Action>, allowCreate = false): string[] {
  const earned = new Set<string>();
  if (actions.has('read') || actions.has('write') || allowCreate) earned.add(PORTFOLIO_READ);
  if (actions.has('write') || allowCreate) earned.add(PORTFOLIO_WRITE);
  return API_SCOPES.filter((scope) => requested.has(scope) && earned.has(scope));
}
