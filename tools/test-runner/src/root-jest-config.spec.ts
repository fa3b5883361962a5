import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

interface ProjectConfig {
  rootDir: string;
  testTimeout?: number;
  globals?: Record<string, unknown>;
  setupFilesAfterEnv?: string[];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { projects } = require(join(ROOT, 'jest.config.cjs')) as { projects: ProjectConfig[] };

describe('root jest.config.cjs', () => {
  it('runs every project that has a jest.config.cjs, but not the browser journeys', () => {
    const roots = projects.map((project) => project.rootDir);
    expect(roots).toContain(join(ROOT, 'tools/launcher'));
    expect(roots).toContain(join(ROOT, 'tools/test-runner'));
    expect(roots).not.toContain(join(ROOT, 'e2e'));
    for (const root of roots) expect(existsSync(join(root, 'jest.config.cjs'))).toBe(true);
  });

  it("keeps each project's own test timeout, which Jest ignores inside a project", () => {
    const withTimeouts = projects.filter((project) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const own = require(join(project.rootDir, 'jest.config.cjs')) as { testTimeout?: number };
      expect(project.testTimeout).toBeUndefined();
      expect(project.globals?.__PROJECT_TEST_TIMEOUT__).toBe(own.testTimeout);
      return own.testTimeout !== undefined;
    });
    for (const project of withTimeouts) {
      expect(project.setupFilesAfterEnv).toContain(
        join(ROOT, 'tools/test-runner/jest-project-timeout.cjs'),
      );
    }
  });
});
