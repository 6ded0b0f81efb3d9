// Page text comes from locales/<lang>.json, never from templates. `{name}` placeholders are
// filled from the given values; templates escape the result. Every catalog has every key of
// the English one (checked by translator.test.ts), so a missing text is a test failure, not a
// surprise in production.
import { readFileSync } from 'node:fs';
import { LOCALES, type Locale } from './negotiate.ts';

export type { Locale } from './negotiate.ts';
export type Translate = (key: string, values?: Record<string, string>) => string;

const LOCALES_DIR = new URL('../../locales/', import.meta.url);

export const catalogs: Record<Locale, Record<string, string>> = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(readFileSync(new URL(`${locale}.json`, LOCALES_DIR), 'utf8'))]),
) as Record<Locale, Record<string, string>>;

export function translator(locale: Locale): Translate {
  const catalog = catalogs[locale];
  return (key, values = {}) => {
    const text = catalog[key] ?? catalogs.en[key];
    if (text === undefined) throw new Error(`missing text for "${key}"`);
    return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
  };
}
