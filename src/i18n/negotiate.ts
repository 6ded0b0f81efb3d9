// Which language a page speaks (issue #3): the authorization request's ui_locales first (the
// integration knows its user), then the browser's Accept-Language, then the language stored
// for the user, then English.
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

export interface LocaleHints {
  /** Space-separated BCP 47 tags, most preferred first (OpenID Connect ui_locales). */
  readonly uiLocales?: string;
  readonly acceptLanguage?: string;
  readonly stored?: string;
}

export function chooseLocale(hints: LocaleHints): Locale {
  return fromList(hints.uiLocales?.split(/\s+/) ?? [])
    ?? fromList(rankAcceptLanguage(hints.acceptLanguage ?? ''))
    ?? fromList(hints.stored ? [hints.stored] : [])
    ?? 'en';
}

function fromList(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    const match = LOCALES.find((locale) => locale === primary);
    if (match) return match;
  }
  return undefined;
}

/** Tags by descending q (RFC 9110 section 12.5.4), ignoring q=0 and the wildcard. */
function rankAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
