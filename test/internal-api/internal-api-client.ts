// Calls the internal API as an API server does, and creates installations by running the real
// authorization flow (the only way integrations get one).
import { authorizationRequest, authorize, exchangeCode, introspect, type World } from '../helpers/flow.ts';
import type { TestServer } from '../helpers/server.ts';

export interface Credentials { readonly clientId: string; readonly secret: string }

/** RFC 6749 2.3.1: each part form-urlencoded, then HTTP Basic. */
export function basicAuth(credentials: Credentials): string {
  const encode = (value: string) => encodeURIComponent(value).replaceAll('%20', '+');
  return `Basic ${Buffer.from(`${encode(credentials.clientId)}:${encode(credentials.secret)}`).toString('base64')}`;
}

export interface Call {
  readonly method?: string;
  readonly credentials?: Credentials | null;
  readonly headers?: Record<string, string>;
  readonly body?: BodyInit;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly json: Record<string, unknown>;
}

/** Authenticated as `world`'s resource server unless `credentials` says otherwise (null: none). */
export async function callInternal(t: TestServer, world: World, path: string, call: Call = {}): Promise<Answer> {
  const credentials = call.credentials === undefined ? world.resourceServer : call.credentials;
  const headers: Record<string, string> = { ...(credentials ? { authorization: basicAuth(credentials) } : {}), ...call.headers };
  const init: RequestInit & { duplex?: 'half' } = { method: call.method ?? 'GET', headers, body: call.body };
  if (call.body instanceof ReadableStream) init.duplex = 'half';
  const response = await fetch(`${t.url}${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : {} };
}

export function grantPortfolio(t: TestServer, world: World, installationId: string, body: unknown, call: Call = {}): Promise<Answer> {
  return callInternal(t, world, `/internal/connections/${encodeURIComponent(installationId)}/portfolios`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...call,
  });
}

export interface Connected { readonly installationId: string; readonly accessToken: string }

/** Runs the flow for `world`'s public integration with the given consent fields. */
export async function connect(t: TestServer, world: World, consent: Record<string, string | string[]>): Promise<Connected> {
  const request = await authorizationRequest(t, world.clientId);
  const callback = await authorize(t, world, request, consent);
  const tokens = await exchangeCode(world, callback.url, request);
  const info = await introspect(world, tokens.access_token);
  return { installationId: String(info.installation_id), accessToken: tokens.access_token };
}
