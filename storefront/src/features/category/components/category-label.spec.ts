import { categoryLabel } from './category-label';

describe('categoryLabel', () => {
  it('labels a stored Hebrew category, an English key and a legacy slug of spec §3', () => {
    expect(categoryLabel(encodeURIComponent('שירה'))).toMatchObject({ category: 'שירה' });
    expect(categoryLabel('poetry')?.label).toBeTruthy();
    expect(categoryLabel('Romance')?.label).toBe('רומנטיקה');
  });

  it('knows nothing of names every object inherits', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(categoryLabel(name)).toBeNull();
    }
  });

  it('survives a malformed escape', () => {
    expect(categoryLabel('%E0%A4%A')).toBeNull();
  });
});
