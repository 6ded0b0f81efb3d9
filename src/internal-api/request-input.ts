// What the internal API accepts from API servers, checked before anything touches the
// database: ids are short printable strings (PostgreSQL text cannot hold NUL, and an id of
// megabytes is no id), and a portfolio grant names one portfolio. Unknown fields are ignored,
// so API servers may send more as the contract grows.
import { AppError } from '../errors.ts';
import { isWellFormedId, MAX_ID_LENGTH } from '../ids.ts';

export { isWellFormedId };

export interface PortfolioGrantRequest {
  readonly portfolioId: string;
}

export function parsePortfolioGrant(body: Record<string, unknown>): PortfolioGrantRequest {
  const { portfolioId } = body;
  if (portfolioId === undefined) throw new AppError('invalid_request', 400, 'portfolioId is required');
  if (typeof portfolioId !== 'string' || !isWellFormedId(portfolioId)) {
    throw new AppError('invalid_request', 400, `portfolioId must be a string of 1 to ${MAX_ID_LENGTH} printable characters`);
  }
  return { portfolioId };
}
