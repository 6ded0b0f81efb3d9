// The registry of OAuth clients: integrations (authorization code + PKCE; public, or
// confidential with a secret) and resource servers (the Connect API: introspection and
// revocation with a secret, no redirects). Every change is published on the change feed so
// servers drop their cached copy of the client.
import { ValidationError } from '../accounts/validation-error.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Queryable } from '../db/pool.ts';
import { newId } from '../ids.ts';
import { hasSecret, issueSecret } from './client-secrets.ts';
import {
  deleteClient, findAllClients, findClientById, insertClient, type ClientKind, type ClientLogo, type ClientRecord,
} from './clients-queries.ts';
import { isRedirectUriError, validateRedirectUri } from './redirect-uri.ts';

export type { ClientKind, ClientLogo, ClientRecord } from './clients-queries.ts';
export { findClientLogo } from './clients-queries.ts';

const MAX_NAME_LENGTH = 200;
const MAX_REDIRECT_URIS = 20;

export interface NewIntegration {
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly confidential: boolean;
  /** Authorization requests only through PAR (RFC 9126 section 6). */
  readonly requirePar?: boolean;
  /** Shown on the consent page so users can tell who asks; https (http only on loopback). */
  readonly homepageUri?: string;
  /** Fetched once at registration (client-logo.ts) and served from this server. */
  readonly logo?: { readonly uri: string } & ClientLogo;
}

/** What the operator is shown once: the secret is not retrievable later. */
export interface RegisteredClient {
  readonly client_id: string;
  readonly client_secret?: string;
}

export interface ClientSummary {
  readonly clientId: string;
  readonly kind: ClientKind;
  readonly name: string;
  readonly redirectUris: string[];
  readonly confidential: boolean;
  readonly requirePar: boolean;
}

export async function registerIntegration(db: Queryable, feed: ChangeFeed, input: NewIntegration): Promise<RegisteredClient> {
  const name = checkName(input.name);
  const redirectUris = checkRedirectUris(input.redirectUris);
  const clientId = newId('cl');
  const issued = input.confidential ? issueSecret() : undefined;
  const homepageUri = input.homepageUri === undefined ? null : checkWebUri(input.homepageUri, 'invalid_homepage_uri');
  await insertClient(db, {
    clientId, kind: 'integration', name, secretDigest: issued?.digest ?? null, redirectUris, homepageUri,
    requirePar: input.requirePar ?? false, logoUri: input.logo?.uri ?? null, logo: input.logo ?? null,
  });
  await feed.publish(db, 'client_changed', clientId);
  return issued ? { client_id: clientId, client_secret: issued.secret } : { client_id: clientId };
}

export async function registerResourceServer(
  db: Queryable,
  feed: ChangeFeed,
  input: { readonly name: string },
): Promise<Required<RegisteredClient>> {
  const name = checkName(input.name);
  const clientId = newId('rs');
  const issued = issueSecret();
  await insertClient(db, { clientId, kind: 'resource_server', name, secretDigest: issued.digest, redirectUris: [], homepageUri: null });
  await feed.publish(db, 'client_changed', clientId);
  return { client_id: clientId, client_secret: issued.secret };
}

export async function listClients(db: Queryable): Promise<ClientSummary[]> {
  return (await findAllClients(db)).map((client) => ({
    clientId: client.clientId,
    kind: client.kind,
    name: client.name,
    redirectUris: client.redirectUris,
    confidential: hasSecret(client),
    requirePar: client.requirePar,
  }));
}

/** Removes the client with its installations and permissions; its tokens stop introspecting. */
export async function removeClient(db: Queryable, feed: ChangeFeed, clientId: string): Promise<void> {
  if (!(await deleteClient(db, clientId))) {
    throw new ValidationError('unknown_client', `no client has the id ${clientId}`);
  }
  await feed.publish(db, 'client_changed', clientId);
}

/** The record oidc-provider's Client adapter builds client metadata from. */
export function findClientRecord(db: Queryable, clientId: string): Promise<ClientRecord | undefined> {
  return findClientById(db, clientId);
}

function checkName(raw: string): string {
  const name = raw.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH) {
    throw new ValidationError('invalid_name', `the client name must have 1 to ${MAX_NAME_LENGTH} characters`);
  }
  return name;
}

function checkRedirectUris(uris: readonly string[]): string[] {
  const unique = [...new Set(uris)];
  if (unique.length === 0 || unique.length > MAX_REDIRECT_URIS) {
    throw new ValidationError('invalid_redirect_uri', `an integration needs 1 to ${MAX_REDIRECT_URIS} redirect URIs`);
  }
  for (const uri of unique) {
    const check = validateRedirectUri(uri);
    if (isRedirectUriError(check)) throw new ValidationError('invalid_redirect_uri', `${check.error}: ${uri}`);
  }
  return unique;
}

/** Homepage and logo addresses follow the redirect URI rules: https, or http on loopback only. */
export function checkWebUri(uri: string, code: 'invalid_homepage_uri' | 'invalid_logo'): string {
  const check = validateRedirectUri(uri);
  if (isRedirectUriError(check)) throw new ValidationError(code, `${check.error}: ${uri}`);
  return uri;
}
