// What the internal API accepts from API servers, checked before anything touches the
// database: ids are short printable strings (PostgreSQL text cannot hold NUL, and an id of
// megabytes is no id), and a portfolio grant names one portfolio. Unknown fields are ignored,
// so API servers may send more as the contract grows.
import { AppError } from '../errors.ts';

const MAX_ID_LENGTH = 255;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export interface PortfolioGrantRequest {
  readonly portfolioId: string;
}

/** False for what cannot be an id of ours; callers answer such ids as not found. */
export function isWellFormedId(value: string): boolean {
  return value.length > 0 && value.length <= MAX_ID_LENGTH && !CONTROL_CHARACTERS.test(value);
}

export function parsePortfolioGrant(body: Record<string, unknown>): PortfolioGrantRequest {
  const { portfolioId } = body;
  if (portfolioId === undefined) throw new AppError('invalid_request', 400, 'portfolioId is required');
  if (typeof portfolioId !== 'string' || !isWellFormedId(portfolioId)) {
    throw new AppError('invalid_request', 400, `portfolioId must be a string of 1 to ${MAX_ID_LENGTH} printable characters`);
  }
  return { portfolioId };
}
