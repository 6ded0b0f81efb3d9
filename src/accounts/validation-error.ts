// The one error for bad input from an operator or a user: a stable machine-readable code and a
// message that is safe to show as is. Callers (the CLI, routes) render it; anything that is not
// a ValidationError is a fault of ours and is reported without detail.
export type ValidationCode =
  | 'invalid_email'
  | 'invalid_password'
  | 'invalid_name'
  | 'invalid_locale'
  | 'duplicate_email'
  | 'unknown_user'
  | 'invalid_currency'
  | 'invalid_calculation_method'
  | 'invalid_redirect_uri'
  | 'invalid_homepage_uri'
  | 'invalid_logo'
  | 'unknown_client'
  | 'no_client_secret';

export class ValidationError extends Error {
  readonly code: ValidationCode;

  constructor(code: ValidationCode, message: string) {
    super(message);
    this.name = 'ValidationError';
    this.code = code;
  }
}
