// One embedded MongoDB server for the whole multi-project Jest run (the root jest.config.cjs's
// globalSetup and globalTeardown). Each suite still gets a database of its own from
// `startTestMongo()` (libs/testing), which drops it when the suite stops.
//
// Why: started inside each suite, the server's ~100 source files were compiled and loaded by Jest
// afresh in every suite that uses MongoDB, and its work shared the test's own thread. Measured on
// eight API suites: 67 CPU-s with a server per suite, 56 with this one (itself 4.5 of them).
//
// The server runs from its TypeScript source under tsx, so it is never a stale build. It is not
// used when MONGODB_TEST_URI names a real MongoDB, nor by suites that start their own server to
// stop it under load (fault tests), nor by the embedded server's own conformance tests.
const { spawn } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'tools/embedded-mongo/src/cli.ts');
const READY = /embedded-mongo listening on (mongodb:\/\/\S+)/;

/** @returns {Promise<void>} */
async function setup() {
  if (process.env.MONGODB_TEST_URI) return;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', CLI, '--host', '127.0.0.1', '--port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const uri = await new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    // Read to the end of the run, not only to the ready line: on Linux a write to a full pipe
    // blocks the writer, and the server would stop answering. Kept only until it is ready.
    const read = (chunk) => {
      if (ready) return;
      output += chunk.toString();
      const match = READY.exec(output);
      if (match) {
        ready = true;
        resolve(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`the shared embedded MongoDB exited with ${code}: ${output.trim()}`)),
    );
  });
  // Workers start after globalSetup and inherit the environment.
  process.env.SHARED_TEST_MONGO_URI = uri;
  globalThis.__SHARED_TEST_MONGO__ = child;
}

/** @returns {Promise<void>} */
async function teardown() {
  const child = globalThis.__SHARED_TEST_MONGO__;
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

// globalSetup takes this module's export; globalTeardown takes jest-shared-mongo-teardown.cjs.
module.exports = setup;
module.exports.teardown = teardown;
