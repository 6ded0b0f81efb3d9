// Turns an approved choice into the installation (Postgres, one transaction) and the oidc
// Grant that stands for it (oidc/installation-grant.ts), granting only the scopes the choice
// earns (oidc/scopes.ts).
import { approveConnection, type PortfolioChoice } from '../connections/connection-service.ts';
import { scopesForChoice } from '../oidc/scopes.ts';
import { saveInstallationGrant } from '../oidc/installation-grant.ts';
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
  const requested = [...requestedApiScopes(details)];
  const granted = scopesForChoice(new Set(requested), new Set(choice.choices.map((c) => c.action)), choice.allowCreate);
  if (granted.length === 0) return { problem: 'consent.writeNeeded' };

  const installationId = await approveConnection(deps.pool, deps.feed, {
    userId: accountId, clientId, choices: choice.choices, scopes: granted, requestedScopes: requested, ip: choice.ip,
  });
  await saveInstallationGrant(deps.provider, {
    installationId,
    accountId,
    clientId,
    resource: resourceOf(details, deps.config.apiResource),
    scopes: granted,
    requestedScopes: requested,
    oidcScopes: details.prompt.details.missingOIDCScope as string[] | undefined,
  });
  return { consent: { grantId: installationId } };
}

function resourceOf(details: Details, fallback: string): string {
  const missing = details.prompt.details.missingResourceScopes as Record<string, string[]> | undefined;
  return Object.keys(missing ?? {})[0] ?? fallback;
}
