import { LocalDiskStorage } from './local-disk.storage';
import { S3Storage } from './s3.storage';
import { createStorage } from './storage-config';

describe('createStorage', () => {
  it('stores on local disk under the configured folder', async () => {
    const storage = await createStorage({ driver: 'local', root: '/tmp/mechabrim-files' });
    expect(storage).toBeInstanceOf(LocalDiskStorage);
  });

  it('loads the S3 adapter when S3 is configured', async () => {
    const storage = await createStorage({
      driver: 's3',
      bucket: 'books',
      region: 'il-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: 'mechabrim/',
    });
    expect(storage).toBeInstanceOf(S3Storage);
  });
});
