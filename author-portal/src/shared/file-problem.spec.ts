import { UPLOAD_FORMATS } from '@mechabrim/contracts/src/terms';
import { acceptOf, fileProblem } from './file-problem';

describe('the upload form’s formats (issue 27 item 22)', () => {
  it('accepts what the upload guide names, from one list', () => {
    expect(acceptOf('pdfFile')).toBe('application/pdf,.pdf');
    expect(acceptOf('coverPdfFile')).toBe(acceptOf('pdfFile'));
    expect(acceptOf('coverImage').split(',')).toEqual([...UPLOAD_FORMATS.image.mimeTypes]);
  });

  it('refuses a cover image of a type the guide does not name', () => {
    const bmp = new File(['x'], 'cover.bmp', { type: 'image/bmp' });
    const webp = new File(['x'], 'cover.webp', { type: 'image/webp' });
    expect(fileProblem('coverImage', bmp)).toMatch(/[\u0590-\u05FF]/);
    expect(fileProblem('coverImage', webp)).toBeNull();
  });
});
