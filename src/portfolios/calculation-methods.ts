// How a portfolio computes cost basis, realized gains and performance (spec section 2.4).
export const CALCULATION_METHODS = ['fifo', 'lifo', 'moving_average'] as const;

export type CalculationMethod = (typeof CALCULATION_METHODS)[number];

export function isCalculationMethod(value: string): value is CalculationMethod {
  return (CALCULATION_METHODS as readonly string[]).includes(value);
}
