#!/usr/bin/env node
import { startEmbeddedMongo, type EmbeddedMongo } from './server';

interface CliArgs {
  host?: string;
  port?: number;
  dataDir?: string;
}

function parseArgs(argv: string[]): CliArgs {
  const out: CliArgs = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2);
    const value = () => (inline !== undefined ? inline : argv[++i]);
    switch (flag) {
      case '--port': {
        const p = Number(value());
        if (!Number.isInteger(p) || p < 0 || p > 65535)
          throw new Error('--port must be an integer between 0 and 65535');
        out.port = p;
        break;
      }
      case '--host':
      case '--bind_ip':
        out.host = value();
        break;
      case '--dbpath':
        out.dataDir = value();
        break;
      case '--help':
        process.stdout.write(
          'usage: embedded-mongo [--host 127.0.0.1] [--port 27027] [--dbpath DIR]\n',
        );
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument: ${argv[i]}`);
    }
  }
  return out;
}

async function main(): Promise<void> {
  let args: CliArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`embedded-mongo: ${(e as Error).message}\n`);
    process.exit(2);
  }
  const port =
    args.port ??
    (process.env.EMBEDDED_MONGO_PORT ? Number(process.env.EMBEDDED_MONGO_PORT) : 27027);
  // Signal handlers come first: a supervisor may signal as soon as it reads the ready line, and a
  // signal that arrives before a handler exists kills the process with no clean stop.
  const running: { server?: EmbeddedMongo } = {};
  let stopRequested: string | undefined;
  const stop = (signal: string) => {
    if (stopRequested) return;
    stopRequested = signal;
    if (!running.server) return; // still starting: stopped as soon as it listens
    running.server
      .stop()
      .then(() => process.exit(0))
      .catch((e: Error) => {
        process.stderr.write(`embedded-mongo: error while stopping on ${signal}: ${e.message}\n`);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const server = await startEmbeddedMongo({
    host: args.host,
    port,
    dataDir: args.dataDir,
    // Like mongod after a failed journal write: stop (the journal holds every acknowledged write).
    onFatal: () => setTimeout(() => process.exit(1), 100),
  });
  running.server = server;
  if (stopRequested) {
    const signal = stopRequested;
    stopRequested = undefined;
    stop(signal);
    return;
  }
  process.stdout.write(`embedded-mongo listening on ${server.uri.replace(/\/$/, '')}\n`);
}

main().catch((e: Error) => {
  process.stderr.write(`embedded-mongo: failed to start: ${e.message}\n`);
  process.exit(1);
});
