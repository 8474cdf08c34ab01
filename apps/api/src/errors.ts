/** The one error type services throw: an HTTP status, the user's message and optional details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** A field error: the form shows `message` under `field`. */
  static field(field: string, message: string, statusCode = 422): AppError {
    return new AppError(statusCode, message, { fields: { [field]: message } });
  }
}
