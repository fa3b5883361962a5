// Jest's module runtime, compiling modules the way V8 can reuse between the test files one worker
// runs.
//
// Jest evaluates every test file's modules afresh and compiles each one with
// `vm.compileFunction`, which never uses V8's compilation cache (nodejs/node#35375): a worker
// compiled NestJS, mongoose, React and jsdom again for every test file. A `vm.Script` holding the
// same module wrapper does use it: V8 compiles a source once per process, the functions inside it
// included, and every later test file gets the compiled code. The module is still evaluated afresh
// in the test file's own context, so no state is shared between files; only compiled code is.
// The wrapper is the one Jest used before `compileFunction`, on the module's first line, so line
// numbers in stack traces are unchanged.
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;

class ScriptCompilingRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    const jestCompile = executor.compile.bind(executor);
    const parameters = executor.injectedModuleParameters.join(', ');
    executor.compile = (source, filename) => {
      const context = this._environment.getVmContext();
      // Core modules and anything unexpected take Jest's own path (and its error messages).
      if (context == null || this._resolution.isCoreModule(filename)) {
        return jestCompile(source, filename);
      }
      let script;
      try {
        script = new vm.Script(`({"Object.<anonymous>":function(${parameters}){${source}\n}});`, {
          filename,
          importModuleDynamically: (specifier, _script, attributes, phase) =>
            executor.dynamicImport(specifier, filename, context, attributes, phase),
        });
      } catch {
        // A syntax error: let Jest compile the module again and explain it the way it does.
        return jestCompile(source, filename);
      }
      return script.runInContext(context)['Object.<anonymous>'];
    };
  }
}

module.exports = ScriptCompilingRuntime;
