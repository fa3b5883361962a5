// Nx knows what a project depends on only from its `nx.implicitDependencies` (this workspace has no
// plugin reading imports), and it hashes a cached build with its dependencies' files through
// those edges (`^production`). A workspace package a project imports but does not list is thus
// outside its build's hash: a change there leaves the cached build in place. The shell's bundle
// carries `@mechabrim/money` through the UI kit, and a change to money's code once left the
// shell's cached `main.js` as it was. Each project lists every workspace package its own code
// imports; Nx follows the edges from there.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

// The root Jest configuration's own list of workspace folders (build-config is configuration, not a
// project: reached by its path, as tools/releases reads the shared singletons).
const { workspaceFolders } = createRequire(path.join(ROOT, 'package.json'))(
  './build-config/workspace-folders.cjs',
) as {
  workspaceFolders: (root: string) => string[];
};

interface Project {
  folder: string;
  name: string;
  listed: string[];
}

function projects(): Project[] {
  return workspaceFolders(ROOT).flatMap((folder) => {
    const file = path.join(ROOT, folder, 'package.json');
    if (!existsSync(file)) return [];
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
      name: string;
      nx?: { implicitDependencies?: string[] };
    };
    return [{ folder, name: manifest.name, listed: manifest.nx?.implicitDependencies ?? [] }];
  });
}

/** Not what a project builds: its output, and the lint rules' deliberately wrong fixtures. */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'test-results',
  '.data',
  '__lint_fixtures__',
]);
const TEST_FILE = /\.(spec|e2e-spec|e2e)\.tsx?$/;
const SOURCE_FILE = /\.(ts|tsx|cjs|mjs|js)$/;

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder)) {
    if (SKIPPED_FOLDERS.has(entry)) continue;
    const file = path.join(folder, entry);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (SOURCE_FILE.test(entry) && !TEST_FILE.test(entry)) yield file;
  }
}

/** `import … from`, `export … from`, `import()` and `require()` of a workspace package (or a file in one). */
const IMPORT =
  /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](@mechabrim\/[a-z-]+)/gm;

/** The workspace packages `project`'s own code imports. */
function importedPackages(project: Project, names: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(path.join(ROOT, project.folder))) {
    const code = readFileSync(file, 'utf8');
    for (const [, name] of code.matchAll(IMPORT)) {
      if (name && name !== project.name && names.has(name)) found.add(name);
    }
  }
  return [...found].sort();
}

describe('the Nx project graph', () => {
  const all = projects();
  const names = new Set(all.map((project) => project.name));

  it('finds the workspace projects', () => {
    expect(all.map((project) => project.name)).toEqual(
      expect.arrayContaining(['@mechabrim/shell', '@mechabrim/ui', '@mechabrim/money']),
    );
  });

  it('lists, for every project, each workspace package its code imports', () => {
    const unlisted = all.flatMap((project) =>
      importedPackages(project, names)
        .filter((name) => !project.listed.includes(name))
        .map((name) => `${project.folder} (${project.name}) imports ${name}`),
    );
    expect(unlisted).toEqual([]);
  });

  it('lists only workspace packages that exist', () => {
    const unknown = all.flatMap((project) =>
      project.listed.filter((name) => !names.has(name)).map((name) => `${project.folder}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
