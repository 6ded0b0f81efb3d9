// Turns an approved choice into the installation (Postgres, one transaction) and the oidc
// Grant that stands for it. The grant's id is the installation id, so every token names its
// installation without a lookup and revoking the grant revokes the connection's tokens.
// The grant is rebuilt from scratch on every consent: scopes the user no longer gives are
// dropped, and scopes asked but not earned are recorded as rejected so they are not asked
// again until the integration asks for something new.
import { approveConnection, type PortfolioChoice } from '../connections/connection-service.ts';
import { scopesForChoice } from '../oidc/scopes.ts';
import type { InteractionDeps } from './interaction-context.ts';
import { requestedApiScopes, type Details } from './prompt.ts';

type ApprovalResult = { consent: { grantId: string } } | { problem: 'consent.writeNeeded' };

export interface ConsentChoice {
  readonly choices: PortfolioChoice[];
  readonly allowCreate: boolean;
  readonly ip: string;
}

export async function approveConsent(deps: InteractionDeps, details: Details, choice: ConsentChoice): Promise<ApprovalResult> {
  const accountId = details.session!.accountId;
  const clientId = String(details.params.client_id);
  const requested = requestedApiScopes(details);
  const granted = scopesForChoice(requested, new Set(choice.choices.map((c) => c.action)), choice.allowCreate);
  if (granted.length === 0) return { problem: 'consent.writeNeeded' };

  const installationId = await approveConnection(deps.pool, deps.feed, {
    userId: accountId, clientId, choices: choice.choices, scopes: granted, requestedScopes: [...requested], ip: choice.ip,
  });
  const grant = new deps.provider.Grant({ jti: installationId, accountId, clientId } as never);
  const missingOidc = details.prompt.details.missingOIDCScope as string[] | undefined;
  if (missingOidc) grant.addOIDCScope(missingOidc.join(' '));
  const resource = resourceOf(details, deps.config.apiResource);
  grant.addResourceScope(resource, granted.join(' '));
  const rejected = [...requested].filter((scope) => !granted.includes(scope));
  if (rejected.length > 0) grant.rejectResourceScope(resource, rejected.join(' '));
  await grant.save();
  return { consent: { grantId: installationId } };
}

function resourceOf(details: Details, fallback: string): string {
  const missing = details.prompt.details.missingResourceScopes as Record<string, string[]> | undefined;
  return Object.keys(missing ?? {})[0] ?? fallback;
}
