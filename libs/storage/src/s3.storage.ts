import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { byteLimit } from './local-disk.storage';
import {
  StorageNotFoundError,
  assertStorageKey,
  type PutOptions,
  type StoragePort,
  type StoredObject,
} from './storage.port';

export interface S3StorageSettings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, …); unset for AWS itself. */
  endpoint?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every key (`mechabrim/`), so one bucket can hold several stores. */
  prefix: string;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files in an S3 bucket through S3's documented API: a (multipart when large) upload for `put`,
 * GetObject, DeleteObject and HeadObject. An S3 object appears whole when its upload completes,
 * and an aborted multipart upload leaves no object, so a failed put stores nothing.
 */
export class S3Storage implements StoragePort {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3StorageSettings,
    client?: S3Client,
  ) {
    this.client =
      client ??
      new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      });
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions = {}): Promise<StoredObject> {
    // A stream may fail before the pipeline below listens (while the folder is made, say): its
    // error is kept by the stream and reported by the pipeline, not thrown as an unhandled event.
    if (!Buffer.isBuffer(body)) body.on('error', () => undefined);
    const Key = this.objectKey(key);
    const counted = { bytes: 0 };
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const limited = source.pipe(byteLimit(options.maxBytes ?? Number.POSITIVE_INFINITY, counted));
    source.on('error', (error) => limited.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key,
        Body: limited,
        ContentType: options.contentType,
      },
      // Aborts the multipart upload on failure instead of leaving its parts behind.
      leavePartsOnError: false,
    });
    await upload.done();
    return { key, size: counted.bytes };
  }

  async get(key: string): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      if (!(answer.Body instanceof Readable)) throw new StorageNotFoundError(key);
      return answer.Body;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }
}
