import { z } from 'zod';

// Every JSON response is { status_code, message?, data? } (DESIGN.md §4).
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status_code: z.number().int(), message: z.string().optional(), data });

/** 422: data maps each field to its messages. */
export const validationErrorBody = z.object({
  status_code: z.literal(422),
  message: z.string(),
  data: z.record(z.string(), z.array(z.string())),
});
export const errorBody = z.object({
  status_code: z.number().int(),
  status: z.number().int().optional(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const UNAUTHORIZED_MESSAGE = 'Unauthorized access';
/** Body status of a valid session without an active subscription (spec §8). */
export const NOT_SUBSCRIBED_STATUS = 99;
