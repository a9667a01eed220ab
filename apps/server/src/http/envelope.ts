/** The success envelope: HTTP 200, status_code 200. */
export function ok<T>(data: T, message?: string): { status_code: 200; message?: string; data: T } {
  return message === undefined ? { status_code: 200, data } : { status_code: 200, message, data };
}
