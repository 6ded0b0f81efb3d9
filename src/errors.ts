// Our errors, modelled once: a stable code, an HTTP status, and whether the message may be
// shown (koa's `expose`). Protocol errors are oidc-provider's `errors.*` and never pass here.
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly expose: boolean;

  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.expose = status < 500;
  }
}
