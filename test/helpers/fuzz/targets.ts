// Prepares the real state the fuzzer aims at, the way a browser and an integration reach it:
// an installation (one full authorization flow), an interaction waiting at the login prompt,
// one waiting at consent (signed in), a signed-in /account session, and the /account/login
// form's nonce cookie, each with the cookies to send and the CSRF token of its form.
import { authorizationRequest, authorize, exchangeCode, introspect, PASSWORD, shareMainWrite, type World } from '../flow.ts';
import type { TestServer } from '../server.ts';
import type { FormSession, FuzzTargets } from './endpoints.ts';

const MAX_HOPS = 10;

/** A cookie jar that sends every cookie it holds, whatever its path: the server reads only its own. */
class Jar {
  readonly #cookies = new Map<string, string>();

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [name = '', value = ''] = (line.split(';')[0] ?? '').split(/=(.*)/s);
      if (value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
}

interface Landing { url: string; html: string }

async function walk(jar: Jar, url: string, init: RequestInit = {}): Promise<Landing> {
  let next = new URL(url);
  let request: RequestInit = init;
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    const response = await fetch(next, { ...request, redirect: 'manual', headers: { ...request.headers as Record<string, string>, cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    if (!location) return { url: next.toString(), html: await response.text() };
    await response.body?.cancel();
    const previous = next;
    next = new URL(location, previous);
    if (next.origin !== previous.origin) return { url: next.toString(), html: '' };
    request = {};
  }
  throw new Error(`too many redirects from ${url}`);
}

function csrfOf(page: Landing): string {
  const token = /name="csrf" value="([^"]+)"/.exec(page.html)?.[1];
  if (!token) throw new Error(`no CSRF token on ${page.url}: ${page.html.slice(0, 300)}`);
  return token;
}

function postForm(jar: Jar, url: string, fields: Record<string, string>): Promise<Landing> {
  return walk(jar, url, { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

async function openInteraction(t: TestServer, world: World, signIn: boolean): Promise<FormSession & { uid: string }> {
  const jar = new Jar();
  // prompt=consent: consent is asked even where the user has consented before.
  let page = await walk(jar, (await authorizationRequest(t, world.clientId, { prompt: 'consent' })).url);
  if (signIn) page = await postForm(jar, new URL('login', `${page.url}/`).toString(), { csrf: csrfOf(page), email: world.email, password: PASSWORD });
  const uid = new URL(page.url).pathname.split('/')[2];
  if (!uid || !page.html.includes(signIn ? 'name="decision"' : 'name="password"')) throw new Error(`unexpected page ${page.url}`);
  return { uid, cookie: jar.header(), csrf: csrfOf(page) };
}

async function openAccount(t: TestServer, world: World, signIn: boolean): Promise<FormSession> {
  const jar = new Jar();
  let page = await walk(jar, `${t.url}/account/login`);
  if (signIn) page = await postForm(jar, `${t.url}/account/login`, { csrf: csrfOf(page), email: world.email, password: PASSWORD });
  return { cookie: jar.header(), csrf: csrfOf(page) };
}

async function connectOnce(t: TestServer, world: World): Promise<string> {
  const request = await authorizationRequest(t, world.clientId);
  const callback = await authorize(t, world, request, shareMainWrite(world));
  const tokens = await exchangeCode(world, callback.url, request);
  const installationId = (await introspect(world, tokens.access_token)).installation_id;
  if (typeof installationId !== 'string') throw new Error('no installation behind the token');
  return installationId;
}

export async function prepareTargets(t: TestServer, world: World): Promise<FuzzTargets> {
  const installationId = await connectOnce(t, world);
  return {
    clientId: world.clientId,
    confidential: world.confidential,
    resourceServer: world.resourceServer,
    installationId,
    portfolioId: world.portfolios.main,
    login: await openInteraction(t, world, false),
    consent: await openInteraction(t, world, true),
    account: await openAccount(t, world, true),
    accountLogin: await openAccount(t, world, false),
  };
}
