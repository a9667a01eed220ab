// The message an API error carries for the agent (the server's words), else a plain one.
export function apiMessage(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : 'Something went wrong.';
}
