// Every interaction POST first checks that the interaction is at the prompt the form belongs
// to: a login form replayed during consent (or the reverse) is refused.
import type Provider from 'oidc-provider';
import { AppError } from '../errors.ts';
import { API_SCOPES } from '../oidc/scopes.ts';
import { chooseLocale } from '../i18n/negotiate.ts';
import type { Context } from 'koa';

export type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

export function requirePrompt(details: Details, expected: 'login' | 'consent'): void {
  if (details.prompt.name !== expected) {
    throw new AppError('wrong_prompt', 400, 'the form does not belong to the current prompt', 'error.wrongPrompt');
  }
}

/** The Connect API scopes the authorization request asks for. */
export function requestedApiScopes(details: Details): Set<string> {
  const asked = String(details.params.scope ?? '').split(' ');
  return new Set(API_SCOPES.filter((scope) => asked.includes(scope)));
}

/** The page language of an interaction: ui_locales, then Accept-Language, then the user's own. */
export function useInteractionLocale(ctx: Context, details: Details, stored?: string): void {
  const uiLocales = typeof details.params.ui_locales === 'string' ? details.params.ui_locales : undefined;
  ctx.state.locale = chooseLocale({ uiLocales, acceptLanguage: ctx.get('accept-language'), stored });
}
