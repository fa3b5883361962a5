import { validateSignIn } from './sign-in-page';

describe('sign-in validation (spec §5)', () => {
  it('requires an e-mail and a password', () => {
    expect(validateSignIn('', '')).toEqual({
      email: 'שדה האימייל הוא שדה חובה',
      password: 'שדה הסיסמה הוא שדה חובה',
    });
  });

  it('wants an e-mail that looks like one', () => {
    expect(validateSignIn('noa@', 'x').email).toBe('נא להזין כתובת אימייל תקינה');
    expect(validateSignIn(' noa@example.com ', 'x')).toEqual({});
  });
});
