// Runs the real launcher (signals, process groups, unexpected exits) over fake services, for
// launcher.spec.ts. Prints `pid <name> <pid>` for every child once all are ready.
import { runLauncher } from '../launcher';
import { fakeService } from './fake-services';

const mode = process.argv[2] ?? 'steady';

void runLauncher({
  withoutInfra: true,
  build: false,
  seed: false,
  stopTimeoutMs: 1_500,
  services: [
    fakeService('alpha'),
    fakeService('beta', { dependsOn: ['alpha'], ignoreSigterm: true }),
    fakeService('gamma', {
      dependsOn: ['alpha'],
      exitAfterMs: mode === 'crash' ? 1_500 : undefined,
    }),
  ],
  output: (service, line) => process.stdout.write(`${service} | ${line}\n`),
  log: (line) => process.stdout.write(`launcher | ${line}\n`),
  onReady: (stack) => {
    process.stdout.write(`pid launcher ${process.pid}\n`);
    for (const [name, pid] of Object.entries(stack.pids()))
      process.stdout.write(`pid ${name} ${pid}\n`);
    process.stdout.write('all ready\n');
  },
}).then((code) => {
  process.exitCode = code;
});
