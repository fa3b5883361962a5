import { runServer } from '@mechabrim/server-kit';
import { createWorkerApp } from './app.factory';
import { loadWorkerConfig } from './config/worker-config';

void runServer({
  name: 'Worker',
  portVariable: 'WORKER_PORT',
  loadConfig: () => loadWorkerConfig(process.env),
  createApp: createWorkerApp,
});
