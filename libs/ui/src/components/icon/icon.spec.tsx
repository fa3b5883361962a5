import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { EmptyState } from '../empty-state/empty-state';
import { ErrorState } from '../error-state/error-state';
import { ICON_NAMES, Icon } from './icon';

/** Pictographic emoji and the dingbats/symbols used as emoji (★ ♡ ⚠ ✍ …). */
const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]|\u{FE0F}/u;
const ROOT = path.resolve(__dirname, '../../../../..');
const FRONT_ENDS = [
  'shell/src',
  'storefront/src',
  'checkout/src',
  'author-portal/src',
  'libs/ui/src',
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('icons', () => {
  it('draws every icon as an SVG path, decorative unless labelled', () => {
    const { container } = render(
      <>
        {ICON_NAMES.map((name) => (
          <Icon key={name} name={name} />
        ))}
        <Icon name="cart" label="סל" />
      </>,
    );
    const svgs = container.querySelectorAll('svg');
    expect(svgs).toHaveLength(ICON_NAMES.length + 1);
    svgs.forEach((svg) => expect(svg.querySelector('path')?.getAttribute('d')).toBeTruthy());
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(ICON_NAMES.length);
    expect(screen.getByRole('img', { name: 'סל' })).toBeTruthy();
  });

  it('gives the empty and error states drawn icons, not emoji', () => {
    render(
      <>
        <EmptyState icon="books" title="אין ספרים" />
        <ErrorState title="שגיאה" />
      </>,
    );
    expect(screen.getByTestId('empty-state').querySelector('svg[data-icon="books"]')).toBeTruthy();
    expect(
      screen.getByTestId('error-state').querySelector('svg[data-icon="warning"]'),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(EMOJI);
  });

  it('no front end draws an emoji (Debian’s Chromium shows them as empty boxes)', () => {
    const found = FRONT_ENDS.flatMap((dir) => sources(path.join(ROOT, dir))).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          EMOJI.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
