import { render, screen } from '@testing-library/react';
import { PreflightReport } from './preflight-report';

const report = {
  status: 'failed',
  uploadId: 'u1',
  pages: 40,
  checks: [
    {
      id: 'interior.page-size',
      status: 'fail',
      title: 'גודל העמודים',
      measured: 'עמודים 3–4: 210×297 מ״מ',
      expected: '154×216 מ״מ (±1) — 148×210 מ״מ ועוד 3 מ״מ לחיתוך מכל צד',
      explanation: 'גודל העמוד אינו תואם.',
      fix: 'הגדירו עמוד בגודל 148×210 מ״מ.',
    },
  ],
};

describe('PreflightReport', () => {
  it('keeps every size width × height, left to right, in measured, expected and fix (issue 27)', () => {
    const { container } = render(<PreflightReport report={report} open />);
    const sizes = [...container.querySelectorAll('bdi.ap-dims')];
    expect(sizes.map((size) => [size.getAttribute('dir'), size.textContent])).toEqual([
      ['ltr', '210 × 297'],
      ['ltr', '154 × 216'],
      ['ltr', '148 × 210'],
      ['ltr', '148 × 210'],
    ]);
  });

  it('lays each check out as measured beside expected, under the check’s verdict and title', () => {
    render(<PreflightReport report={report} open />);
    const check = screen.getByRole('listitem');
    expect(check.querySelector('.ap-preflight__head')?.textContent).toBe('נכשל גודל העמודים');
    const terms = [...check.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['נמדד', 'נדרש']);
  });
});
