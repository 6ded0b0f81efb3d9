// Our errors, modelled once: a stable code, an HTTP status, whether the message may be shown
// (koa's `expose`), and for errors people see on a page the key of its text in
// locales/*.json, so the page says it in the reader's language. Protocol errors are
// oidc-provider's `errors.*` and never pass here.
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly expose: boolean;

  readonly textKey: string | undefined;

  constructor(code: string, status: number, message: string, textKey?: string) {
    super(message);
    this.textKey = textKey;
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.expose = status < 500;
  }
}
