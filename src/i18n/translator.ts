// Page text comes from locales/<lang>.json, never from templates. `{name}` placeholders are
// filled from the given values; templates escape the result.
import { readFileSync } from 'node:fs';

export type Locale = 'en';
export type Translate = (key: string, values?: Record<string, string>) => string;

const LOCALES_DIR = new URL('../../locales/', import.meta.url);
const catalogs: Record<Locale, Record<string, string>> = {
  en: JSON.parse(readFileSync(new URL('en.json', LOCALES_DIR), 'utf8')),
};

export function translator(locale: Locale = 'en'): Translate {
  const catalog = catalogs[locale];
  return (key, values = {}) => {
    const text = catalog[key] ?? catalogs.en[key];
    if (text === undefined) throw new Error(`missing text for "${key}"`);
    return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
  };
}
