/**
 * Every refusal the API sends is an AppError: a status, a machine code for code and a message
 * for people. Extra fields (e.g. required/available, upgradeRequired) travel beside them.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(statusCode: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export const unauthenticated = (message = 'Authentication required') => new AppError(401, 'UNAUTHENTICATED', message);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const validation = (message: string) => new AppError(400, 'VALIDATION_ERROR', message);

/** The insufficient-credits message, with the two numbers also as fields so a screen need not parse the text. */
export function insufficientCredits(required: number, available: number): AppError {
  return new AppError(402, 'INSUFFICIENT_CREDITS', `Insufficient credits. Required: ${required}, Available: ${available}`, {
    required,
    available,
  });
}
