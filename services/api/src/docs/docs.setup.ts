import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ApiConfig } from '../config/api-config';

/** OpenAPI: the UI at `/api/docs`, the JSON document at `/api/docs-json`. */
export function setupDocs(app: INestApplication, config: ApiConfig): void {
  // Off in production unless API_DOCS=true: the map of every route helps an attacker more than
  // a customer.
  if (!config.docs) return;
  // Built on the first request for it, once (Nest keeps it): scanning every route for the
  // document took ~200 ms of each start, for a page few requests ever ask for.
  const buildDocument = () =>
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('מחברים — Mechabrim API')
        .setDescription(
          'The bookstore and author marketplace API. Errors: {statusCode, error, message[, details]}.',
        )
        .setVersion('1.0')
        .addServer(config.publicApiUrl || '/')
        .addBearerAuth()
        .build(),
    );
  SwaggerModule.setup('docs', app, buildDocument, {
    useGlobalPrefix: true,
    jsonDocumentUrl: 'docs-json',
    customSiteTitle: 'Mechabrim API',
  });
}
