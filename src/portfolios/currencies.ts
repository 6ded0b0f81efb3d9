// The currencies a portfolio may be kept in: exactly the 47 codes of the Connect API spec,
// section 2.6. Not every ISO 4217 code is supported, and GBX (pence sterling) is not ISO at all;
// USDC and RMB are explicitly refused there (RMB is CNY).
const CURRENCY_CODES = [
  'AED', 'ARS', 'AUD', 'BHD', 'BRL', 'BWP', 'CAD', 'CHF', 'CLP', 'CNY', 'CZK', 'DKK',
  'EUR', 'GBP', 'GBX', 'GEL', 'HKD', 'HUF', 'IDR', 'ILS', 'INR', 'ISK', 'JPY', 'KRW',
  'KZT', 'MAD', 'MXN', 'MYR', 'NOK', 'NZD', 'PEN', 'PHP', 'PLN', 'QAR', 'RON', 'RSD',
  'RUB', 'SAR', 'SEK', 'SGD', 'THB', 'TRY', 'TWD', 'USD', 'VND', 'ZAR', 'ZMW',
] as const;

export type Currency = (typeof CURRENCY_CODES)[number];

export const CURRENCIES: ReadonlySet<string> = new Set<string>(CURRENCY_CODES);

export function isCurrency(code: string): code is Currency {
  return CURRENCIES.has(code);
}
