// The production layouts of deploy/ (docs/deployment.md), checked without Docker or a cluster:
// every file against the published schema of its format (the Compose specification's, Kubernetes'
// for v1.30, both vendored under deploy/schemas/), and every variable each service needs in
// production set, in both layouts, to values its own configuration schema accepts.
import { releaseSettingsFromEnv } from '@mechabrim/releases';
import Ajv, { type ValidateFunction } from 'ajv';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
// The layouts are checked against the services' own configuration, read at the source as the
// table's generator reads it (env-table.ts).
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { apiEnvSchema } from '../../../services/api/src/config/api-config';
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { loadEdgeEnvironment } from '../../../services/edge/src/edge-config';
// eslint-disable-next-line @nx/enforce-module-boundaries -- see above
import { workerEnvSchema } from '../../../services/worker/src/config/worker-config';
import { schemaRows } from './env-table';
import { TABLE_ENTRIES } from './variables';

const ROOT = path.resolve(__dirname, '../../..');
const DEPLOY = path.join(ROOT, 'deploy');
const COMPOSE_DIR = path.join(DEPLOY, 'compose');
const BASE = path.join(DEPLOY, 'k8s/base');
const PRODUCTION = path.join(DEPLOY, 'k8s/overlays/production');

type Env = Record<string, string>;
type Json = Record<string, unknown>;
type Service = 'api' | 'worker' | 'edge';

/** The edge servers, by the front end each serves: the Compose service and the Deployment. */
const EDGE_SERVERS = ['shell', 'storefront', 'checkout', 'author-portal'];
/** Each service's health route and port, as the services answer them. */
const HEALTH = {
  api: { path: '/api/health', port: 3000 },
  worker: { path: '/health', port: 3100 },
};
/** The route each edge server's probe asks for (the launcher's probes: tools/launcher/src/services.ts). */
const EDGE_PROBE: Record<string, string> = {
  shell: '/index.html',
  storefront: '/mf-manifest.json',
  checkout: '/mf-manifest.json',
  'author-portal': '/mf-manifest.json',
};

// ---------------------------------------------------------------------------------------------
// What each service needs in production, from the environment table's definitions.

/**
 * A service variable whose default only fits a developer's machine: a development secret or
 * code, a `localhost` address. The payment simulator's own are left out: production refuses it.
 */
const MACHINE_DEFAULT = /development|localhost|127\.0\.0\.1/;

function requiredByServer(reader: 'api' | 'worker'): string[] {
  const rows = [...schemaRows().values()];
  // NODE_ENV's meaning names what `production` requires (`requiredInProduction` in the schemas).
  const nodeEnv = rows.find((row) => row.name === 'NODE_ENV');
  const requiredInProduction = [...(nodeEnv?.description.matchAll(/`([A-Z_]+)`/g) ?? [])].map(
    (match) => match[1] ?? '',
  );
  const names = rows
    .filter((row) => row.readBy.includes(reader))
    .filter(
      (row) =>
        row.name === 'NODE_ENV' ||
        requiredInProduction.includes(row.name) ||
        (MACHINE_DEFAULT.test(row.default) && !row.name.startsWith('PAYMENT_SIMULATOR_')),
    )
    .map((row) => row.name);
  // Production takes cards through Tranzila (the simulator is refused): its keys, and mail
  // really sent.
  const provider = ['PAYMENT_PROVIDER', 'TRANZILA_TERMINAL', 'TRANZILA_APP_KEY', 'TRANZILA_SECRET'];
  const own = reader === 'api' ? ['TRANZILA_PW', 'CORS_ORIGINS'] : ['SMTP_URL'];
  return [...new Set([...names, ...provider, ...own])];
}

/** The edge's variables whose default is a port on the page's host or localhost: wrong behind a proxy. */
function requiredByEdge(): string[] {
  const names = TABLE_ENTRIES.filter(
    (entry) =>
      'readBy' in entry &&
      entry.readBy.some((reader) => reader.startsWith('edge')) &&
      /port|localhost/.test(entry.default),
  ).map((entry) => entry.name);
  return ['NODE_ENV', 'EDGE_TRUST_PROXY', 'RELEASE_STORE', ...names];
}

const REQUIRED: Record<Service, string[]> = {
  api: requiredByServer('api'),
  worker: requiredByServer('worker'),
  edge: requiredByEdge(),
};

/** The service's own check of its environment, as it runs at start. */
const ACCEPTS: Record<Service, (env: Env) => void> = {
  api: (env) => expectParsed(apiEnvSchema, env),
  worker: (env) => expectParsed(workerEnvSchema, env),
  edge: (env) => {
    loadEdgeEnvironment(env);
    releaseSettingsFromEnv(env, '/app');
  },
};

function expectParsed(schema: z.ZodType, env: Env): void {
  // As parseEnv: an empty value is an unset one.
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(defined);
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
  expect(issues).toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Schemas.

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

function schemaValidator(file: string): ValidateFunction {
  const known = validators.get(file);
  if (known) return known;
  // The vendored schemas name their meta-schema by addresses Ajv does not know (draft-07 by
  // https, "http://json-schema.org/schema#"); Ajv's own draft-07 reads both.
  const { $schema: _metaSchema, ...schema } = JSON.parse(
    readFileSync(path.join(DEPLOY, 'schemas', file), 'utf8'),
  ) as Json;
  const validate = ajv.compile(schema);
  validators.set(file, validate);
  return validate;
}

function expectValid(validate: ValidateFunction, value: unknown, what: string): void {
  const errors = validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${what}${e.instancePath} ${e.message ?? ''}`);
  expect(errors).toEqual([]);
}

/** Kubernetes' schema file of a kind (yannh/kubernetes-json-schema's names). */
function kubernetesSchemaFile(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const groupName = (group ?? '').split('.')[0];
  return `kubernetes/${[kind.toLowerCase(), groupName, version].filter(Boolean).join('-')}.json`;
}

// ---------------------------------------------------------------------------------------------
// Compose.

/** `.env` as Compose reads it: `NAME=value`, quotes around a value removed. */
function readDotEnv(file: string): Env {
  const env: Env = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match?.[1]) continue;
    const value = (match[2] ?? '').trim();
    env[match[1]] = /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return env;
}

/** Compose's interpolation: `${NAME}`, `${NAME:-default}`, `${NAME:?error}`, `$$`. */
function interpolate(text: string, env: Env, missing: Set<string>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
    (
      whole,
      name: string | undefined,
      operator: string | undefined,
      operand: string | undefined,
    ) => {
      if (whole === '$$') return '$';
      const value = env[name ?? ''];
      if (operator === ':-' || operator === '-') return value || (operand ?? '');
      if (value === undefined || (operator === ':?' && value === '')) {
        missing.add(name ?? '');
        return '';
      }
      return value;
    },
  );
}

function interpolateAll(value: unknown, env: Env, missing: Set<string>): unknown {
  if (typeof value === 'string') return interpolate(value, env, missing);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, env, missing));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env, missing)]),
    );
  return value;
}

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  deploy?: { replicas?: number };
  volumes?: string[];
}

function loadCompose(): {
  file: Json;
  services: Record<string, ComposeService>;
  missing: Set<string>;
} {
  const raw = parse(readFileSync(path.join(COMPOSE_DIR, 'compose.yaml'), 'utf8'), {
    merge: true,
  }) as Json;
  const missing = new Set<string>();
  const file = interpolateAll(raw, readDotEnv(path.join(COMPOSE_DIR, '.env.example')), missing);
  return {
    file: file as Json,
    services: (file as { services: Record<string, ComposeService> }).services,
    missing,
  };
}

const seconds = (duration: string | undefined) => {
  const match = /^(\d+)s$/.exec(duration ?? '');
  return match ? Number(match[1]) : NaN;
};

// ---------------------------------------------------------------------------------------------
// Kubernetes.

interface K8sObject extends Json {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
}

interface Probe {
  httpGet?: { path: string; port: string | number };
}

interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: {
      configMapKeyRef?: { name: string; key: string };
      secretKeyRef?: { name: string; key: string };
    };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { sleep?: { seconds: number } } };
}

interface PodSpec {
  terminationGracePeriodSeconds?: number;
  containers: Container[];
}

interface Kustomization {
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { path: string; target: { kind: string; name: string } }[];
}

function readYamlDocuments(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
    expect(document.errors).toEqual([]);
    return document.toJS() as unknown;
  });
}

const readKustomization = (folder: string) =>
  parse(readFileSync(path.join(folder, 'kustomization.yaml'), 'utf8')) as Kustomization;

/** The base's objects, from the files its kustomization lists. */
function loadBase(): K8sObject[] {
  return (readKustomization(BASE).resources ?? []).flatMap((file) =>
    readYamlDocuments(path.join(BASE, file)).filter((doc): doc is K8sObject => doc !== null),
  );
}

/** The object of that kind and name, seen with the fields `T` names. */
function named<T extends object = object>(
  objects: K8sObject[],
  kind: string,
  name: string,
): K8sObject & T {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found as K8sObject & T;
}

const podSpecOf = (object: K8sObject) =>
  (object as unknown as { spec: { template: { spec: PodSpec } } }).spec.template.spec;

/** A ConfigMap's or Secret's values (a Secret's `data` is base64). */
function valuesOf(object: K8sObject): Env {
  const { data, stringData } = object as { data?: Env; stringData?: Env };
  if (object.kind === 'Secret') {
    const decoded = Object.fromEntries(
      Object.entries(data ?? {}).map(([key, value]) => [
        key,
        Buffer.from(value, 'base64').toString(),
      ]),
    );
    return { ...decoded, ...stringData };
  }
  return { ...data };
}

/** The environment a container starts with: its `envFrom` sources in order, then its `env`. */
function containerEnv(objects: K8sObject[], container: Container): Env {
  const env: Env = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef)
      Object.assign(env, valuesOf(named(objects, 'ConfigMap', source.configMapRef.name)));
    if (source.secretRef)
      Object.assign(env, valuesOf(named(objects, 'Secret', source.secretRef.name)));
  }
  for (const variable of container.env ?? []) {
    const ref = variable.valueFrom;
    if (variable.value !== undefined) env[variable.name] = variable.value;
    else if (ref?.configMapKeyRef)
      env[variable.name] =
        valuesOf(named(objects, 'ConfigMap', ref.configMapKeyRef.name))[ref.configMapKeyRef.key] ??
        '';
    else if (ref?.secretKeyRef)
      env[variable.name] =
        valuesOf(named(objects, 'Secret', ref.secretKeyRef.name))[ref.secretKeyRef.key] ?? '';
  }
  return env;
}

/** A strategic-merge patch's effect on plain fields: maps merged, everything else replaced. */
function merged(target: unknown, patch: unknown): unknown {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const base = target && typeof target === 'object' && !Array.isArray(target) ? target : {};
  const result: Json = { ...(base as Json) };
  for (const [key, value] of Object.entries(patch)) result[key] = merged(result[key], value);
  return result;
}

// ---------------------------------------------------------------------------------------------

describe('deploy/compose', () => {
  const { file, services, missing } = loadCompose();
  const serviceOf = (name: string) => {
    const service = services[name];
    if (!service) throw new Error(`compose.yaml has no service ${name}`);
    return service;
  };

  it('is a valid Compose file (the Compose specification schema)', () => {
    expectValid(schemaValidator('compose-spec.json'), file, 'compose.yaml');
  });

  it('.env.example sets every variable compose.yaml requires', () => {
    expect([...missing]).toEqual([]);
  });

  it.each([['api', 'api'], ['worker', 'worker'], ...EDGE_SERVERS.map((name) => [name, 'edge'])] as [
    string,
    Service,
  ][])('%s has every variable the %s needs in production', (name, kind) => {
    const env = serviceOf(name).environment ?? {};
    const unset = REQUIRED[kind].filter((variable) => !env[variable]);
    expect(unset).toEqual([]);
    expect(env.NODE_ENV).toBe('production');
    ACCEPTS[kind](env);
  });

  it.each(['api', 'worker'] as const)(
    '%s: two replicas, a healthcheck on its health route, stopped after SHUTDOWN_TIMEOUT_MS',
    (name) => {
      const service = serviceOf(name);
      expect(service.deploy?.replicas).toBe(2);
      const { path: route, port } = HEALTH[name];
      expect(service.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${port}${route}`);
      expect(Number(service.environment?.[`${name.toUpperCase()}_PORT`])).toBe(port);
      const shutdownMs = Number(service.environment?.SHUTDOWN_TIMEOUT_MS);
      expect(seconds(service.stop_grace_period) * 1000).toBeGreaterThan(shutdownMs);
    },
  );

  it.each(EDGE_SERVERS)('the %s edge server has a healthcheck on a file it serves', (name) => {
    const service = serviceOf(name);
    expect(service.command?.slice(0, 4)).toEqual([
      'node',
      'services/edge/dist/main.js',
      '--dir',
      `${name}/dist`,
    ]);
    expect(service.healthcheck?.test.join(' ')).toContain(EDGE_PROBE[name]);
    expect(seconds(service.stop_grace_period)).toBeGreaterThan(0);
  });

  it('runs MongoDB as a replica set and Redis append-only, official images on volumes', () => {
    const mongo = serviceOf('mongo');
    expect(mongo.image).toMatch(/^mongo:\d/);
    expect(mongo.command).toEqual(expect.arrayContaining(['--replSet']));
    expect(mongo.healthcheck?.test.join(' ')).toContain('rs.initiate');
    expect(mongo.volumes).toEqual(expect.arrayContaining(['mongo-data:/data/db']));
    const redis = serviceOf('redis');
    expect(redis.image).toMatch(/^redis:\d/);
    expect(redis.command?.join(' ')).toContain('--appendonly yes');
    expect(redis.volumes).toEqual(['redis-data:/data']);
    expect(serviceOf('api').environment?.MONGODB_URI).toContain('replicaSet=rs0');
  });
});

describe('deploy/k8s', () => {
  const objects = loadBase();
  const containerOf = (deployment: string) => {
    const container = podSpecOf(named(objects, 'Deployment', deployment)).containers[0];
    if (!container) throw new Error(`${deployment} has no container`);
    return container;
  };

  it('the base lists every manifest in its folder', () => {
    const files = readdirSync(BASE).filter(
      (file) => file.endsWith('.yaml') && file !== 'kustomization.yaml',
    );
    expect([...(readKustomization(BASE).resources ?? [])].sort()).toEqual(files.sort());
  });

  it("every object is valid against Kubernetes' schema of its kind (v1.30)", () => {
    const kinds = new Set<string>();
    for (const object of objects) {
      const schema = kubernetesSchemaFile(object.apiVersion, object.kind);
      kinds.add(schema);
      expect(existsSync(path.join(DEPLOY, 'schemas', schema))).toBe(true);
      expectValid(schemaValidator(schema), object, `${object.kind} ${object.metadata.name}`);
    }
    expect(kinds.size).toBeGreaterThanOrEqual(9);
  });

  it.each([['api', 'api'], ['worker', 'worker'], ...EDGE_SERVERS.map((name) => [name, 'edge'])] as [
    string,
    Service,
  ][])('%s has every variable the %s needs in production', (name, kind) => {
    const env = containerEnv(objects, containerOf(name));
    const unset = REQUIRED[kind].filter((variable) => !env[variable]);
    expect(unset).toEqual([]);
    expect(env.NODE_ENV).toBe('production');
    ACCEPTS[kind](env);
  });

  it('the edge servers serve released remotes from the bucket, through a CDN', () => {
    for (const name of EDGE_SERVERS) {
      const env = containerEnv(objects, containerOf(name));
      const settings = releaseSettingsFromEnv(env, '/app');
      expect(settings.store).toBe('s3');
      expect(settings.publicUrl).toMatch(/^https:\/\//);
      expect(env.S3_BUCKET).toBeTruthy();
    }
  });

  it.each(['api', 'worker'] as const)(
    '%s: two pods, probes on its health route, a grace period longer than preStop and shutdown',
    (name) => {
      const deployment = named<{ spec?: { replicas?: number } }>(objects, 'Deployment', name);
      expect(deployment.spec?.replicas).toBe(2);
      const container = containerOf(name);
      const { path: route, port } = HEALTH[name];
      const portName = container.ports?.find((p) => p.containerPort === port)?.name;
      for (const probe of [container.readinessProbe, container.livenessProbe])
        expect(probe?.httpGet).toEqual({ path: route, port: portName });
      const preStopSeconds = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
      expect(preStopSeconds).toBeGreaterThan(0);
      const shutdownMs = Number(containerEnv(objects, container).SHUTDOWN_TIMEOUT_MS);
      const grace = podSpecOf(named(objects, 'Deployment', name)).terminationGracePeriodSeconds;
      expect((grace ?? 30) * 1000).toBeGreaterThan(preStopSeconds * 1000 + shutdownMs);
    },
  );

  it.each(EDGE_SERVERS)('the %s edge server is probed on a file it serves', (name) => {
    const container = containerOf(name);
    expect(container.args?.slice(0, 2)).toEqual(['--dir', `${name}/dist`]);
    expect(container.readinessProbe?.httpGet?.path).toBe(EDGE_PROBE[name]);
    expect(container.livenessProbe?.httpGet?.path).toBe(EDGE_PROBE[name]);
    expect(named(objects, 'Service', name)).toBeDefined();
  });

  it('the API has a disruption budget and an autoscaler (autoscaling/v2)', () => {
    const budget = named<{ spec: { selector: { matchLabels: Env } } }>(
      objects,
      'PodDisruptionBudget',
      'api',
    );
    expect(budget.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'api' });
    const autoscaler = named<{
      spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number };
    }>(objects, 'HorizontalPodAutoscaler', 'api');
    expect(autoscaler.apiVersion).toBe('autoscaling/v2');
    expect(autoscaler.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'api' });
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
  });

  it('MongoDB (a replica set) and Redis are StatefulSets of official images with volumes', () => {
    for (const [name, image] of [
      ['mongo', /^mongo:\d/],
      ['redis', /^redis:\d/],
    ] as const) {
      const set = named<{
        spec: { volumeClaimTemplates?: unknown[]; template: { spec: PodSpec } };
      }>(objects, 'StatefulSet', name);
      expect(set.spec.template.spec.containers[0]?.image).toMatch(image);
      expect(set.spec.volumeClaimTemplates?.length).toBe(1);
    }
    const mongo = podSpecOf(named(objects, 'StatefulSet', 'mongo')).containers[0];
    expect(mongo?.args).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    const uri = valuesOf(named(objects, 'ConfigMap', 'server-config')).MONGODB_URI;
    expect(uri).toContain('replicaSet=rs0');
  });

  it('every Secret value is a placeholder marked CHANGE-ME', () => {
    const unmarked = objects
      .filter((object) => object.kind === 'Secret')
      .flatMap((secret) =>
        Object.entries(valuesOf(secret))
          .filter(
            ([, value]) =>
              !/CHANGE-?ME/.test(value) &&
              !/CHANGE-ME/.test(Buffer.from(value, 'base64').toString()),
          )
          .map(([key]) => `${secret.metadata.name}.${key}`),
      );
    expect(unmarked).toEqual([]);
  });

  it('the production overlay sets image tags and replicas of objects in the base', () => {
    const overlay = readKustomization(PRODUCTION);
    expect(overlay.resources).toEqual(['../../base']);
    const baseImages = new Set(
      objects
        .filter((object) => object.kind === 'Deployment')
        .flatMap((object) => podSpecOf(object).containers.map((container) => container.image)),
    );
    expect(overlay.images?.length).toBeGreaterThan(0);
    for (const image of overlay.images ?? []) {
      expect(baseImages.has(image.name)).toBe(true);
      expect(image.newTag).toMatch(/^\d+\.\d+\.\d+$/);
    }
    for (const { name } of overlay.replicas ?? [])
      expect(named(objects, 'Deployment', name)).toBeDefined();
  });

  it("the production overlay's patches leave valid objects", () => {
    const overlay = readKustomization(PRODUCTION);
    expect(overlay.patches?.length).toBeGreaterThan(0);
    for (const { path: file, target } of overlay.patches ?? []) {
      const object = named(objects, target.kind, target.name);
      const [patch] = readYamlDocuments(path.join(PRODUCTION, file));
      const result = merged(object, patch) as K8sObject;
      expectValid(
        schemaValidator(kubernetesSchemaFile(result.apiVersion, result.kind)),
        result,
        `${file} on ${target.kind} ${target.name}`,
      );
    }
  });
});

describe('what each service needs in production', () => {
  // The lists the layouts are checked against, derived above from the environment table.
  it('includes the secrets and the public addresses', () => {
    expect(REQUIRED.api).toEqual(
      expect.arrayContaining([
        'NODE_ENV',
        'JWT_SECRET',
        'MONGODB_URI',
        'REDIS_URL',
        'PAYOUT_DETAILS_KEY',
        'FILE_URL_SECRET',
        'PRINT_API_SECRET',
        'PUBLIC_SHOP_URL',
        'PAYMENT_NOTIFY_BASE_URL',
      ]),
    );
    expect(REQUIRED.worker).toEqual(
      expect.arrayContaining([
        'MONGODB_URI',
        'REDIS_URL',
        'SITE_URL',
        'PRINT_FILES_URL',
        'MASAV_INSTITUTION_CODE',
        'SMTP_URL',
      ]),
    );
    expect(REQUIRED.worker).not.toContain('JWT_SECRET');
    expect(REQUIRED.edge).toEqual(
      expect.arrayContaining(['API_UPSTREAM_URL', 'PUBLIC_STORE_URL', 'STOREFRONT_REMOTE_URL']),
    );
  });
});
