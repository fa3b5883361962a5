// A real server process started by run-server.spec.ts through the kit's `runServer`: one route,
// and a shutdown hook that takes FIXTURE_CLOSE_MS (to play a connection that will not close).
import { Controller, Get, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { z } from 'zod';
import { defaultHost, integerVar, parseEnv, portVar, serverEnvShape } from '../../env';
import { runServer } from '../run-server';

const fixtureEnvSchema = z.object({
  ...serverEnvShape,
  FIXTURE_PORT: portVar(0, 'Port of the fixture'),
  FIXTURE_CLOSE_MS: integerVar({
    default: 0,
    min: 0,
    max: 60_000,
    description: 'How long the fixture takes to close',
  }),
});

@Controller('ping')
class PingController {
  @Get()
  ping() {
    return { pong: true };
  }
}

@Injectable()
class SlowToClose implements OnApplicationShutdown {
  async onApplicationShutdown(signal?: string): Promise<void> {
    const { FIXTURE_CLOSE_MS } = parseEnv(fixtureEnvSchema, process.env);
    await new Promise((resolve) => setTimeout(resolve, FIXTURE_CLOSE_MS));
    process.stdout.write(`closed after ${signal ?? 'close'}\n`);
  }
}

@Module({ controllers: [PingController], providers: [SlowToClose] })
class FixtureModule {}

void runServer({
  name: 'Fixture',
  portVariable: 'FIXTURE_PORT',
  loadConfig: () => {
    const env = parseEnv(fixtureEnvSchema, process.env);
    return {
      port: env.FIXTURE_PORT,
      host: defaultHost(env.NODE_ENV),
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    };
  },
  createApp: async () => {
    const app = await NestFactory.create<NestFastifyApplication>(
      FixtureModule,
      new FastifyAdapter(),
      { logger: false },
    );
    await app.init();
    return app;
  },
});
