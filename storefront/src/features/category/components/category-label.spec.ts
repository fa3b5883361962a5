import { categoryLabel } from './category-label';

describe('categoryLabel', () => {
  it('labels a stored Hebrew category, an English key and a legacy slug of spec §3', () => {
    expect(categoryLabel(encodeURIComponent('שירה'))).toMatchObject({ category: 'שירה' });
    expect(categoryLabel('poetry')?.label).toBe('שירה');
    expect(categoryLabel('Romance')).toEqual({ label: 'רומן', category: 'רומן' });
  });

  it('heads a legacy slug with the category it lists (science lists science fiction)', () => {
    expect(categoryLabel('science')).toEqual({ label: 'מדע בדיוני', category: 'מדע בדיוני' });
    expect(categoryLabel('philosophy')).toEqual({ label: 'עיון ומסות', category: 'עיון ומסות' });
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
