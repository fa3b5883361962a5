import { runServer } from '@mechabrim/server-kit';
import { createApiApp } from './app.factory';
import { loadApiConfig } from './config/api-config';

void runServer({
  name: 'API',
  portVariable: 'API_PORT',
  loadConfig: () => loadApiConfig(process.env),
  createApp: (config) => createApiApp(config),
});
