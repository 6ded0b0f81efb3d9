// Every interaction POST first checks that the interaction is at the prompt the form belongs
// to: a login form replayed during consent (or the reverse) is refused.
import type Provider from 'oidc-provider';
import { AppError } from '../errors.ts';
import { API_SCOPES } from '../oidc/scopes.ts';

export type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

export function requirePrompt(details: Details, expected: 'login' | 'consent'): void {
  if (details.prompt.name !== expected) {
    throw new AppError('wrong_prompt', 400, 'This form does not belong to the current step. Please go back and try again.');
  }
}

/** The Connect API scopes the authorization request asks for. */
export function requestedApiScopes(details: Details): Set<string> {
  const asked = String(details.params.scope ?? '').split(' ');
  return new Set(API_SCOPES.filter((scope) => asked.includes(scope)));
}
