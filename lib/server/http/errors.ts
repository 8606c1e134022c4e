import type { FieldErrors } from "@/lib/schemas/field-errors";

/** An error the API answers with its own status and a JSON `{ error }` body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Sent with the answer, e.g. Retry-After with a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Invalid fields: the API answers 422 with `{ errors: { field: [messages] } }`. */
export class ValidationError extends HttpError {
  constructor(readonly errors: FieldErrors) {
    super(422, "Some fields are invalid");
  }
}

export const notFound = (message: string) => new HttpError(404, message);
