import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../..');
const HTTP_EXCEPTION = /\b[A-Z]\w*Exception\b/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

describe('error handling architecture', () => {
  it('services throw DomainError, never HTTP exceptions (one place maps types to statuses)', () => {
    const services = files(SRC).filter((f) => f.endsWith('.service.ts'));
    expect(services.length).toBeGreaterThan(0);
    const offenders = services
      .filter((f) => {
        const source = readFileSync(f, 'utf8');
        return [
          ...source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@nestjs\/common'/g),
        ].some((m) => HTTP_EXCEPTION.test(m[1] ?? ''));
      })
      .map((f) => path.relative(SRC, f));
    expect(offenders).toEqual([]);
  });
});
