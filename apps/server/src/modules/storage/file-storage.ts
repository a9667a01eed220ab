/** Where uploaded files live: local disk in the embedded default, S3-compatible storage when configured. */
export interface FileStorage {
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}
