import type { z } from 'zod';
import { NOT_SUBSCRIBED_STATUS, UNAUTHORIZED_MESSAGE } from '@cma/contracts';

/** An error the client may see: the error handler turns it into the response envelope of DESIGN.md §4. */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** 422 with data: { field: [messages] }. */
export class ValidationError extends AppError {
  constructor(fields: Record<string, string[]>, message = firstMessage(fields)) {
    super(422, message, { data: fields });
  }

  /** The 422 of a failed zod parse (a request part the route's schema could not check, e.g. multipart fields). */
  static fromIssues(issues: readonly ValidationIssue[]): ValidationError {
    return new ValidationError(fieldErrors(issues));
  }

  /** A request part the route's schema could not check (multipart text fields), parsed by its zod schema or a 422. */
  static parse<T>(schema: z.ZodType<T>, value: unknown): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw ValidationError.fromIssues(parsed.error.issues);
    return parsed.data;
  }
}

export interface ValidationIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** The one zod issues → 422 field map of DESIGN.md §4: 'a.b' for a nested field, 'body' for the whole request; each message once. */
export function fieldErrors(issues: readonly ValidationIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const messages = (fields[issue.path.map(String).join('.') || 'body'] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fields;
}

export class UnauthorizedError extends AppError {
  constructor(message = UNAUTHORIZED_MESSAGE) {
    super(401, message);
  }
}

/** Valid session without an active subscription: HTTP 403, body status 99 (the client's catalogue). */
export class NotSubscribedError extends AppError {
  constructor() {
    super(403, UNAUTHORIZED_MESSAGE, { status: NOT_SUBSCRIBED_STATUS, status_code: NOT_SUBSCRIBED_STATUS });
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many attempts. Try again in ${RateLimitedError.minutes(retryAfterSeconds)} minute(s).`,
  ) {
    super(429, message);
  }

  /** Whole minutes until the limit lifts, at least one. */
  static minutes(retryAfterSeconds: number): number {
    return Math.max(1, Math.ceil(retryAfterSeconds / 60));
  }
}

function firstMessage(fields: Record<string, string[]>): string {
  for (const messages of Object.values(fields)) if (messages[0]) return messages[0];
  return 'The given data was invalid.';
}

/** The client closed the connection before the answer was ready (nginx's 499): nobody reads it, the logs say why. */
export class ClientClosedRequestError extends AppError {
  constructor() {
    super(499, 'The connection closed before the answer was ready.');
  }
}
