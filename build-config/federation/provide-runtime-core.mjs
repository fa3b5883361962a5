// Federation runtime plugin for the hosts: puts the host's own federation runtime on the global
// (`_FEDERATION_RUNTIME_CORE`), where every remote built with `experiments.externalRuntime`
// picks it up — so the runtime is downloaded once, with the host, and each remoteEntry.js stays
// small.
//
// It does what `experiments.provideExternalRuntime` does, but imports the runtime as an ES
// module: the built-in plugin is resolved to its CommonJS build, which drags a second, CommonJS
// copy of the whole runtime (~30 KB gzip) into the host and hands that copy to the remotes.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

export default function provideRuntimeCore() {
  return {
    name: 'mechabrim-provide-runtime-core',
    beforeInit(args) {
      const global = runtimeCore.Global;
      if (global && typeof global === 'object' && !global._FEDERATION_RUNTIME_CORE) {
        global._FEDERATION_RUNTIME_CORE = runtimeCore;
        global._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name, version: 'esm' };
      }
      return args;
    },
  };
}
