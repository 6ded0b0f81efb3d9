// A browser as far as the authorization flow needs one: a cookie jar (name, path) and
// redirects followed by hand, so each hop can be inspected. Uses the real fetch over HTTP.
export interface Page {
  readonly status: number;
  readonly url: string;
  readonly html: string;
  readonly headers: Headers;
}

interface StoredCookie { value: string; path: string }

export class Browser {
  readonly #cookies = new Map<string, StoredCookie>();
  readonly #headers: Record<string, string>;

  /** `headers` go with every request, as a browser's Accept-Language does. */
  constructor(headers: Record<string, string> = {}) {
    this.#headers = headers;
  }

  /** GET url, following redirects within `stopAt`'s complement; returns the first response outside. */
  async open(url: string, options: { stopAt?: (url: URL) => boolean } = {}): Promise<Page> {
    return this.#follow(new Request(url), options.stopAt);
  }

  /** Submits the first form of `page` with its hidden fields plus `fields`. */
  async submit(page: Page, fields: Record<string, string | string[]>, options: { stopAt?: (url: URL) => boolean; form?: number } = {}): Promise<Page> {
    const form = extractForms(page.html)[options.form ?? 0];
    if (!form) throw new Error(`no form on ${page.url}: ${page.html.slice(0, 300)}`);
    const body = new URLSearchParams(form.hidden);
    for (const [name, value] of Object.entries(fields)) {
      body.delete(name);
      for (const one of [value].flat()) body.append(name, one);
    }
    const action = new URL(form.action, page.url).toString();
    return this.post(action, body, options.stopAt);
  }

  async post(url: string, body: URLSearchParams, stopAt?: (url: URL) => boolean, headers: Record<string, string> = {}): Promise<Page> {
    const request = new Request(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
    return this.#follow(request, stopAt);
  }

  async #follow(first: Request, stopAt?: (url: URL) => boolean): Promise<Page> {
    let request = first;
    for (let hop = 0; hop < 10; hop += 1) {
      const url = new URL(request.url);
      if (stopAt?.(url)) return { status: 0, url: request.url, html: '', headers: new Headers() };
      const cookie = this.#cookieHeader(url);
      const headers = new Headers(request.headers);
      for (const [name, value] of Object.entries(this.#headers)) if (!headers.has(name)) headers.set(name, value);
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(new Request(request, { headers, redirect: 'manual' }));
      this.#store(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        request = new Request(new URL(location, url));
        continue;
      }
      return { status: response.status, url: request.url, html: await response.text(), headers: response.headers };
    }
    throw new Error('too many redirects');
  }

  #cookieHeader(url: URL): string {
    return [...this.#cookies.entries()]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  #store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) || '/';
      const expired = attributes.some((a) => /^expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, { value, path });
    }
  }
}

/** Every redirect that leaves the server under test ends the walk: that is the callback. */
export function outside(origin: string): (url: URL) => boolean {
  return (url) => url.origin !== origin;
}

interface Form { action: string; hidden: [string, string][] }

function extractForms(html: string): Form[] {
  return [...html.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].map(([, action = '', inner = '']) => ({
    action: decodeEntities(action),
    hidden: [...inner.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, n = '', v = '']) => [n, decodeEntities(v)] as [string, string]),
  }));
}

function decodeEntities(text: string): string {
  return text.replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
