// Creating portfolios in the directory (operators through the CLI, the demo seed). The checks
// mirror the Connect API's rules so a portfolio made here is one the API would accept.
import { findUserByEmail } from '../accounts/users-queries.ts';
import { ValidationError } from '../accounts/validation-error.ts';
import type { Queryable } from '../db/pool.ts';
import { newId } from '../ids.ts';
import { CALCULATION_METHODS, isCalculationMethod } from './calculation-methods.ts';
import { isCurrency } from './currencies.ts';
import { insertPortfolio } from './portfolios-queries.ts';

const MAX_NAME_LENGTH = 200;

export interface NewPortfolioInput {
  readonly userEmail: string;
  readonly name: string;
  readonly currency?: string;
  readonly calculationMethod?: string;
}

export async function addPortfolio(db: Queryable, input: NewPortfolioInput): Promise<{ id: string }> {
  const name = checkName(input.name);
  const currency = input.currency ?? 'EUR';
  if (!isCurrency(currency)) {
    throw new ValidationError(
      'invalid_currency',
      `"${currency}" is not a supported currency: use one of the 47 codes of the spec, section 2.6 (e.g. EUR, USD, GBP, CHF)`,
    );
  }
  const calculationMethod = input.calculationMethod ?? 'fifo';
  if (!isCalculationMethod(calculationMethod)) {
    throw new ValidationError(
      'invalid_calculation_method',
      `"${calculationMethod}" is not a calculation method: use one of ${CALCULATION_METHODS.join(', ')}`,
    );
  }
  const user = await findUserByEmail(db, input.userEmail.trim());
  if (!user) throw new ValidationError('unknown_user', `no user has the email ${input.userEmail}`);
  const id = newId('pf');
  await insertPortfolio(db, { id, userId: user.id, name, currency, calculationMethod });
  return { id };
}

function checkName(raw: string): string {
  const name = raw.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH) {
    throw new ValidationError('invalid_name', `the portfolio name must have 1 to ${MAX_NAME_LENGTH} characters`);
  }
  return name;
}
