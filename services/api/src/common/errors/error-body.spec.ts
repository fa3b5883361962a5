import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  NotFoundException,
} from '@nestjs/common';
import { DomainError } from './domain-error';
import { mapError, unavailableDependency } from './error-body';
import { DOMAIN_ERROR_STATUS } from './error-status';

const HEBREW = /[\u0590-\u05FF]/;

describe('mapError', () => {
  it('maps every domain error type through the one status table', () => {
    for (const [type, status] of Object.entries(DOMAIN_ERROR_STATUS)) {
      const { body } = mapError(new DomainError(type as DomainError['type'], 'הודעה'));
      expect(body).toEqual({ statusCode: status, error: expect.any(String), message: 'הודעה' });
    }
  });

  it('keeps field details of a validation error', () => {
    const { body } = mapError(
      new DomainError('invalid_data', 'לא תקין', [{ field: 'email', message: 'חסר' }]),
    );
    expect(body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'לא תקין',
      details: [{ field: 'email', message: 'חסר' }],
    });
  });

  it('replaces English framework messages with Hebrew ones, keeping Hebrew ones', () => {
    expect(mapError(new NotFoundException('Cannot GET /x')).body.message).toMatch(HEBREW);
    expect(mapError(new ForbiddenException()).body).toMatchObject({
      statusCode: 403,
      error: 'Forbidden',
    });
    expect(mapError(new BadRequestException('שם חסר')).body.message).toBe('שם חסר');
  });

  it('maps Fastify body errors wrapped by Nest to 400 and 413', () => {
    const invalid = Object.assign(new Error('Body is not valid JSON'), {
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      statusCode: 400,
    });
    const large = Object.assign(new Error('Request body is too large'), {
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
    expect(
      mapError(new HttpException(invalid.message, 400, { cause: invalid })).body,
    ).toMatchObject({ statusCode: 400 });
    expect(mapError(new HttpException(large.message, 413, { cause: large })).body).toMatchObject({
      statusCode: 413,
    });
  });

  it('answers MongoDB and Redis outages with 503 naming the dependency', () => {
    const mongo = Object.assign(new Error('Server selection timed out'), {
      name: 'MongoServerSelectionError',
    });
    expect(mapError(mongo)).toMatchObject({
      dependency: 'mongodb',
      body: { statusCode: 503 },
      unexpected: false,
    });
    const redis = new Error("Stream isn't writeable and enableOfflineQueue options is false");
    expect(mapError(redis)).toMatchObject({ dependency: 'redis', body: { statusCode: 503 } });
    const buffering = Object.assign(
      new Error('Operation `books.find()` buffering timed out after 3000ms'),
      { name: 'MongooseError' },
    );
    expect(unavailableDependency(buffering)).toBe('mongodb');
  });

  it('answers Fastify router errors (bad URL encoding, over-long parameter) in Hebrew', () => {
    const badUrl = Object.assign(new URIError("'/api/books/%E0' is not a valid url component"), {
      code: 'FST_ERR_BAD_URL',
      statusCode: 400,
    });
    const longParam = Object.assign(new URIError('exceeding the max param length'), {
      code: 'FST_ERR_MAX_PARAM_LENGTH',
      statusCode: 414,
    });
    expect(mapError(badUrl)).toEqual({
      body: { statusCode: 400, error: 'Bad Request', message: expect.stringMatching(HEBREW) },
      unexpected: false,
    });
    expect(mapError(longParam).body).toEqual({
      statusCode: 414,
      error: 'URI Too Long',
      message: expect.stringMatching(HEBREW),
    });
  });

  it('marks a request the client aborted as routine, not unexpected', () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(mapError(aborted)).toMatchObject({ unexpected: false, clientAborted: true });
  });

  it('hides unknown errors behind a Hebrew 500 and flags them for logging', () => {
    const mapped = mapError(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(mapped.unexpected).toBe(true);
    expect(mapped.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: expect.stringMatching(HEBREW),
    });
    expect(JSON.stringify(mapped.body)).not.toMatch(/undefined/);
  });
});
