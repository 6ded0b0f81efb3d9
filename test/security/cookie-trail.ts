// A browser for attacks on cookies: it keeps every Set-Cookie line it receives, attributes
// and all, and its jar can be read and forged. It also reaches a server whose issuer is not
// the address it listens on (an https issuer served over local http, as behind a TLS proxy):
// URLs on the issuer's origin are sent to the local address instead.
import { createHmac } from 'node:crypto';

export interface ReceivedCookie {
  readonly name: string;
  readonly value: string;
  /** Attribute names in lower case; values as sent (`true` for flags). */
  readonly attributes: ReadonlyMap<string, string | true>;
}

export interface Hop {
  readonly status: number;
  readonly url: string;
  readonly html: string;
  readonly headers: Headers;
}

const MAX_HOPS = 10;

export class CookieTrail {
  readonly received: ReceivedCookie[] = [];
  readonly jar = new Map<string, { value: string; path: string }>();
  readonly #local: string;
  readonly #issuer: string;
  readonly #headers: Record<string, string>;

  constructor(local: string, issuer = local, headers: Record<string, string> = {}) {
    this.#local = new URL(local).origin;
    this.#issuer = new URL(issuer).origin;
    this.#headers = headers;
  }

  /** Follows redirects on the server; stops at the first response, or at a URL elsewhere (status 0). */
  async open(url: string, init: { method?: string; body?: URLSearchParams } = {}): Promise<Hop> {
    let next: { url: string; method: string; body?: URLSearchParams } = { url, method: init.method ?? 'GET', body: init.body };
    for (let hop = 0; hop < MAX_HOPS; hop += 1) {
      const target = this.#toLocal(next.url);
      if (!target) return { status: 0, url: next.url, html: '', headers: new Headers() };
      const response = await fetch(target, {
        method: next.method, body: next.body, redirect: 'manual', headers: { ...this.#headers, cookie: this.#cookieHeader(new URL(target)) },
      });
      this.#store(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        next = { url: new URL(location, target).toString(), method: 'GET' };
        continue;
      }
      return { status: response.status, url: target, html: await response.text(), headers: response.headers };
    }
    throw new Error('too many redirects');
  }

  /** Posts the first form of `page` with its hidden fields and `fields`. */
  submit(page: Hop, fields: Record<string, string>): Promise<Hop> {
    const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(page.html);
    if (!form) throw new Error(`no form on ${page.url}`);
    const body = new URLSearchParams([...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, n, v]) => [n!, v!]));
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return this.open(new URL(form[1]!.replace(/&amp;/g, '&'), page.url).toString(), { method: 'POST', body });
  }

  /** The last Set-Cookie of `name` this browser received. */
  lastReceived(name: string): ReceivedCookie | undefined {
    return this.received.findLast((cookie) => cookie.name === name);
  }

  /** Puts a cookie with a signature made with `key`, as koa's Keygrip makes it (HMAC-SHA1, base64url). */
  forge(name: string, value: string, key: string, path = '/'): void {
    const signature = createHmac('sha1', key).update(`${name}=${value}`).digest('base64url');
    this.jar.set(name, { value, path });
    this.jar.set(`${name}.sig`, { value: signature, path });
  }

  #toLocal(url: string): string | undefined {
    const parsed = new URL(url);
    if (parsed.origin === this.#local) return url;
    if (parsed.origin === this.#issuer) return `${this.#local}${parsed.pathname}${parsed.search}`;
    return undefined;
  }

  #cookieHeader(url: URL): string {
    return [...this.jar].filter(([, c]) => url.pathname.startsWith(c.path)).map(([name, c]) => `${name}=${c.value}`).join('; ');
  }

  #store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...parts] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      const attributes = new Map<string, string | true>(parts.map((part) => {
        const [key = '', attribute] = part.split(/=(.*)/s);
        return [key.toLowerCase(), attribute ?? true];
      }));
      this.received.push({ name, value, attributes });
      const path = String(attributes.get('path') ?? '/');
      if (value === '' || /1970/.test(String(attributes.get('expires') ?? ''))) this.jar.delete(name);
      else this.jar.set(name, { value, path });
    }
  }
}
