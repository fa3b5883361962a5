export {
  cacheControlFor,
  startEdgeServer,
  type EdgeServer,
  type EdgeServerOptions,
} from './edge-server';
export { LANDING_SLOT, composePage, type LandingAnswer } from './landing';
export { apiUpstreamFromEnv, runtimeConfigFromEnv, type RuntimeConfig } from './runtime-config';
export { contentSecurityPolicy, allowedCorsOrigin } from './security-headers';
