// Copies the published schemas the deploy layout is validated against (tools/env-table/src/deploy-layout.spec.ts)
// into this folder, without their descriptions (which make up most of their size) and minified:
// the tests run without a network.
//
//   node deploy/schemas/vendor.mjs <compose-spec checkout> <kubernetes-json-schema checkout>
//
// compose-spec/compose-spec: schema/compose-spec.json. yannh/kubernetes-json-schema (or a mirror
// of it): v1.30.0-standalone-strict/<kind>.json, one file per kind the manifests use.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const KUBERNETES_VERSION = 'v1.30.0-standalone-strict';
export const KUBERNETES_KINDS = [
  'configmap-v1',
  'deployment-apps-v1',
  'horizontalpodautoscaler-autoscaling-v2',
  'ingress-networking-v1',
  'job-batch-v1',
  'networkpolicy-networking-v1',
  'persistentvolumeclaim-v1',
  'poddisruptionbudget-policy-v1',
  'secret-v1',
  'service-v1',
  'statefulset-apps-v1',
];

/** The schema without `description` texts (a property named `description` is kept). */
function withoutDescriptions(node, inProperties = false) {
  if (Array.isArray(node)) return node.map((item) => withoutDescriptions(item));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => inProperties || key !== 'description' || typeof value !== 'string')
      .map(([key, value]) => [
        key,
        withoutDescriptions(
          value,
          !inProperties &&
            (key === 'properties' || key === 'patternProperties' || key === 'definitions'),
        ),
      ]),
  );
}

function copy(from, to) {
  const schema = JSON.parse(readFileSync(from, 'utf8'));
  writeFileSync(to, `${JSON.stringify(withoutDescriptions(schema))}\n`);
}

const [composeSpec, kubernetesSchemas] = process.argv.slice(2);
if (!composeSpec || !kubernetesSchemas) {
  console.error(
    'usage: node deploy/schemas/vendor.mjs <compose-spec checkout> <kubernetes-json-schema checkout>',
  );
  process.exit(2);
}
const here = path.dirname(new URL(import.meta.url).pathname);
copy(path.join(composeSpec, 'schema/compose-spec.json'), path.join(here, 'compose-spec.json'));
for (const kind of KUBERNETES_KINDS)
  copy(
    path.join(kubernetesSchemas, KUBERNETES_VERSION, `${kind}.json`),
    path.join(here, 'kubernetes', `${kind}.json`),
  );
