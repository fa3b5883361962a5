import { assertCompatible, incompatibilities, requirementsOf } from './compatibility-gate';
import { ReleaseError } from './remotes';

/** The shape @module-federation/enhanced writes into a remote's mf-manifest.json. */
const manifest = {
  name: 'storefront',
  shared: [
    { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
    { name: 'react-dom', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
    { name: 'zustand', version: '5.1.0', singleton: true, requiredVersion: '^5.1.0' },
    { name: '@mechabrim/cart-store', version: '0.1.0', singleton: true, requiredVersion: '^0.1.0' },
    { name: 'left-pad', version: '1.3.0', singleton: false, requiredVersion: '^1.3.0' },
    { name: '@mechabrim/ui', version: '0.1.0', singleton: true, requiredVersion: false },
  ],
};

const shell = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  zustand: '5.1.0',
  '@mechabrim/cart-store': '0.1.0',
  '@mechabrim/ui': '0.1.0',
};

describe('the compatibility gate', () => {
  it("reads the singletons' required ranges from the federation manifest", () => {
    expect(requirementsOf(manifest)).toEqual({
      react: '^19.3.1',
      'react-dom': '^19.3.1',
      zustand: '^5.1.0',
      '@mechabrim/cart-store': '^0.1.0',
    });
    expect(() => requirementsOf({ name: 'x' })).toThrow(/shared/);
  });

  it('lets through a remote whose ranges the shell satisfies', () => {
    expect(incompatibilities(requirementsOf(manifest), shell)).toEqual([]);
    expect(() => assertCompatible('storefront', requirementsOf(manifest), shell)).not.toThrow();
  });

  it('refuses a remote built against another React, naming the package and both versions', () => {
    const requires = { ...requirementsOf(manifest), react: '^20.0.0' };
    expect(incompatibilities(requires, shell)).toEqual([
      { name: 'react', required: '^20.0.0', provided: '19.3.1' },
    ]);
    let refusal: unknown;
    try {
      assertCompatible('storefront', requires, shell);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ReleaseError);
    expect(refusal).toMatchObject({ type: 'incompatible' });
    expect((refusal as Error).message).toContain(
      'react: storefront requires ^20.0.0, the shell provides 19.3.1',
    );
  });

  it('refuses a singleton the shell does not provide, and a range it cannot read', () => {
    expect(incompatibilities({ '@mechabrim/session': '^0.1.0', zustand: 'five' }, shell)).toEqual([
      { name: '@mechabrim/session', required: '^0.1.0', provided: null },
      { name: 'zustand', required: 'five', provided: '5.1.0' },
    ]);
  });
});
