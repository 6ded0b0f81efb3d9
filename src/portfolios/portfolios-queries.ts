// SQL of the portfolios table: the directory the consent page lists for a user.
import type { Queryable } from '../db/pool.ts';
import type { CalculationMethod } from './calculation-methods.ts';

export interface Portfolio {
  readonly id: string;
  readonly name: string;
  readonly currency: string;
  readonly calculationMethod: CalculationMethod;
}

export interface NewPortfolio extends Portfolio {
  readonly userId: string;
}

export async function insertPortfolio(db: Queryable, portfolio: NewPortfolio): Promise<void> {
  await db.query(
    'INSERT INTO portfolios (id, user_id, name, currency, calculation_method) VALUES ($1, $2, $3, $4, $5)',
    [portfolio.id, portfolio.userId, portfolio.name, portfolio.currency, portfolio.calculationMethod],
  );
}

/** Oldest first, so the consent page shows a user's portfolios in a stable order. */
export async function findPortfoliosOfUser(db: Queryable, userId: string): Promise<Portfolio[]> {
  const { rows } = await db.query(
    `SELECT id, name, currency, calculation_method FROM portfolios
      WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows.map((row: PortfolioRow) => ({
    id: row.id,
    name: row.name,
    currency: row.currency,
    calculationMethod: row.calculation_method,
  }));
}

interface PortfolioRow {
  id: string;
  name: string;
  currency: string;
  calculation_method: CalculationMethod;
}
