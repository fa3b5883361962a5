import { APP_SERVICES, internalDependencies, orderServices } from './services';
import type { ServiceDefinition } from './types';

const service = (name: string, dependsOn: string[] = []): ServiceDefinition => ({
  name,
  tier: 'app',
  dependsOn,
  command: () => ({ command: 'true', args: [] }),
  probe: () => ({ kind: 'http', url: `http://localhost/${name}` }),
});

const names = (services: ServiceDefinition[]) => services.map((s) => s.name);

describe('orderServices', () => {
  it('puts every service after what it depends on, keeping the list order otherwise', () => {
    const ordered = orderServices([
      service('shell'),
      service('api', ['mongo', 'redis']),
      service('mongo'),
      service('worker', ['redis']),
      service('redis'),
    ]);
    expect(names(ordered)).toEqual(['shell', 'mongo', 'redis', 'api', 'worker']);
  });

  it('treats dependencies provided outside the stack as satisfied', () => {
    const ordered = orderServices(
      [service('api', ['mongo', 'redis']), service('redis')],
      new Set(['mongo']),
    );
    expect(names(ordered)).toEqual(['redis', 'api']);
  });

  it('rejects a dependency nobody provides', () => {
    expect(() => orderServices([service('api', ['mongo'])])).toThrow(
      'Service "api" depends on unknown service "mongo"',
    );
  });

  it('rejects a cycle, naming it', () => {
    expect(() =>
      orderServices([service('a', ['b']), service('b', ['c']), service('c', ['a'])]),
    ).toThrow('Services depend on each other in a cycle: a → b → c → a');
  });

  it('rejects a name used twice', () => {
    expect(() => orderServices([service('api'), service('api')])).toThrow(
      'Service "api" is defined twice',
    );
  });
});

describe('internalDependencies', () => {
  it('keeps only the dependencies that run inside the stack', () => {
    expect(
      internalDependencies(service('api', ['mongo', 'redis']), new Set(['redis', 'api'])),
    ).toEqual(['redis']);
  });
});

describe('APP_SERVICES', () => {
  it('has one fixed port variable per service, as docs/CONVENTIONS.md lists them', () => {
    expect(
      Object.fromEntries(APP_SERVICES.map((s) => [s.name, [s.port?.variable, s.port?.default]])),
    ).toEqual({
      api: ['API_PORT', 3000],
      worker: ['WORKER_PORT', 3100],
      shell: ['SHELL_PORT', 4200],
      storefront: ['STOREFRONT_PORT', 4201],
      checkout: ['CHECKOUT_PORT', 4202],
      'author-portal': ['AUTHOR_PORTAL_PORT', 4203],
      'payment-simulator': ['PAYMENT_SIMULATOR_PORT', 4300],
      'print-simulator': ['PRINT_SIMULATOR_PORT', 4400],
    });
  });

  it('starts the API and the worker only after MongoDB and Redis', () => {
    const ordered = names(orderServices([service('mongo'), service('redis'), ...APP_SERVICES]));
    for (const app of ['api', 'worker']) {
      expect(ordered.indexOf(app)).toBeGreaterThan(ordered.indexOf('mongo'));
      expect(ordered.indexOf(app)).toBeGreaterThan(ordered.indexOf('redis'));
    }
  });
});
