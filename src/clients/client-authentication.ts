// Authenticates API servers (resource servers) on our own endpoints the way oidc-provider does
// on its own: HTTP Basic with the client id and secret each form-urlencoded first (RFC 6749
// section 2.3.1). The secret is checked by `matchesClientSecret` (client-secrets.ts), the same
// check the Client adapter makes for oidc-provider's endpoints; an unknown client costs the
// same comparison.
import type { Queryable } from '../db/pool.ts';
import { findClientRecord } from './client-registry.ts';
import { matchesClientSecret } from './client-secrets.ts';

export interface BasicCredentials {
  readonly clientId: string;
  readonly secret: string;
}

const BASIC_SCHEME = /^basic +([A-Za-z0-9+/]+={0,2}) *$/i;

/** The resource server's client id when the header carries its valid credentials; else undefined. */
export async function authenticateResourceServer(db: Queryable, authorizationHeader: string | undefined): Promise<string | undefined> {
  const credentials = parseBasicCredentials(authorizationHeader);
  if (!credentials) return undefined;
  const client = await findClientRecord(db, credentials.clientId);
  const matched = matchesClientSecret(credentials.secret, client);
  return matched && client?.kind === 'resource_server' ? credentials.clientId : undefined;
}

/** RFC 7617 Basic with RFC 6749 2.3.1's form-urlencoding inside; undefined when malformed. */
export function parseBasicCredentials(header: string | undefined): BasicCredentials | undefined {
  const token = header ? BASIC_SCHEME.exec(header)?.[1] : undefined;
  if (!token) return undefined;
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const clientId = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  if (!clientId || secret === undefined || secret === '') return undefined;
  return { clientId, secret };
}

function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}
