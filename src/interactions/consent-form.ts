// What the user decided on the consent page, read from the form. Pure, so every odd input
// (duplicates, unknown portfolios, a write level smuggled in when write was not asked) is
// unit-tested; the portfolios' ownership is checked again inside the approving transaction.
import type { PortfolioChoice } from '../connections/connection-service.ts';

export type ConsentDecision =
  | { readonly kind: 'deny' }
  | { readonly kind: 'approve'; readonly choices: PortfolioChoice[]; readonly allowCreate: boolean }
  | { readonly kind: 'problem'; readonly problem: 'consent.nothingSelected' };

export function parseConsentForm(form: URLSearchParams, options: { writeAsked: boolean; portfolioIds: ReadonlySet<string> }): ConsentDecision {
  if (form.get('decision') === 'deny') return { kind: 'deny' };
  const shared = [...new Set(form.getAll('share'))].filter((id) => options.portfolioIds.has(id));
  // Offered only when write is asked; creating portfolios alone is a valid thing to allow.
  const allowCreate = options.writeAsked && form.get('create') === 'yes';
  if (shared.length === 0 && !allowCreate) return { kind: 'problem', problem: 'consent.nothingSelected' };
  const choices = shared.map((portfolioId): PortfolioChoice => ({
    portfolioId,
    action: options.writeAsked && form.get(`level:${portfolioId}`) === 'write' ? 'write' : 'read',
  }));
  return { kind: 'approve', choices, allowCreate };
}
