import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalFileStorage } from '../src/adapters/storage/local-file-storage';
import { createS3FileStorage } from '../src/adapters/storage/s3-file-storage';
import type { FileStorage } from '../src/modules/storage/file-storage';
import { startFakeS3 } from './fake-s3';

// The same contract for every FileStorage implementation.
const implementations: [string, () => Promise<{ storage: FileStorage; close(): Promise<void> }>][] = [
  ['local disk', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cma-files-'));
    return { storage: createLocalFileStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
  }],
  ['S3-compatible', async () => {
    const s3 = await startFakeS3();
    return {
      storage: createS3FileStorage({ endpoint: s3.endpoint, bucket: 'cma-test', region: 'us-east-1', accessKeyId: 'test', secretAccessKey: 'test' }),
      close: s3.close,
    };
  }],
];

describe.each(implementations)('FileStorage on %s', (_name, open) => {
  let storage: FileStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it('returns exactly the bytes stored under a key', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    await storage.put('images/u1/a.jpg', bytes, 'image/jpeg');
    expect(await storage.get('images/u1/a.jpg')).toEqual(bytes);
  });

  it('overwrites, deletes, and answers undefined for a missing key', async () => {
    await storage.put('k/one.bin', Buffer.from('first'));
    await storage.put('k/one.bin', Buffer.from('second'));
    expect((await storage.get('k/one.bin'))?.toString()).toBe('second');
    await storage.delete('k/one.bin');
    expect(await storage.get('k/one.bin')).toBeUndefined();
    expect(await storage.get('never/stored')).toBeUndefined();
    await storage.delete('never/stored'); // deleting nothing is not an error
  });

  it('keeps a 3 MB file intact', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    big[12345] = 42;
    await storage.put('big/file.bin', big);
    expect((await storage.get('big/file.bin'))?.equals(big)).toBe(true);
  });
});

describe('local disk storage', () => {
  it('refuses keys that escape its folder', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cma-files-'));
    const storage = createLocalFileStorage(dir);
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    await rm(dir, { recursive: true, force: true });
  });
});
