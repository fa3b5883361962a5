import {
  loginRequestSchema,
  passwordProblems,
  passwordStrength,
  registerFormSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
} from './auth';
import { VALIDATION_HE } from './validation-messages.he';

const valid = {
  name: 'נועה כהן',
  email: ' Noa@Example.COM ',
  password: 'Sefer#2024',
  confirmPassword: 'Sefer#2024',
  role: 'user',
  agreeToTerms: true,
};

const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('registerRequestSchema', () => {
  it('accepts a valid reader and normalizes the e-mail', () => {
    const parsed = registerRequestSchema.parse(valid);
    expect(parsed.email).toBe('noa@example.com');
    expect(parsed.role).toBe('user');
  });

  it('joins every broken password rule into one Hebrew message', () => {
    const result = registerRequestSchema.safeParse({
      ...valid,
      password: 'abc',
      confirmPassword: 'abc',
    });
    const password = messages(result).filter((m) => m.startsWith('password:'));
    expect(password).toHaveLength(1);
    expect(password[0]).toContain('לפחות 8 תווים');
    expect(password[0]).toContain('לפחות 2 ספרות');
    expect(password[0]).toContain('תו מיוחד');
    expect(password[0]).toContain('אות גדולה');
  });

  it('requires the site terms, and the authors terms for an author', () => {
    expect(messages(registerRequestSchema.safeParse({ ...valid, agreeToTerms: false }))).toEqual([
      'agreeToTerms: יש לאשר את תנאי האתר',
    ]);
    expect(messages(registerRequestSchema.safeParse({ ...valid, role: 'author' }))).toEqual([
      'agreeToAuthorsTerms: יש לאשר את תקנון הסופרים',
    ]);
    expect(
      registerRequestSchema.safeParse({ ...valid, role: 'author', agreeToAuthorsTerms: true })
        .success,
    ).toBe(true);
  });

  it('refuses the admin role and mismatching confirmation', () => {
    expect(registerRequestSchema.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
    expect(
      messages(registerRequestSchema.safeParse({ ...valid, confirmPassword: 'Other#2024' })),
    ).toEqual(['confirmPassword: הסיסמאות אינן תואמות']);
  });

  it('gives one message for an empty name or password, not also "too short" or the rules', () => {
    const messages = (value: unknown, field: string) =>
      (registerRequestSchema.safeParse(value).error?.issues ?? [])
        .filter((i) => i.path[0] === field)
        .map((i) => i.message);
    expect(messages({ ...valid, name: '  ' }, 'name')).toEqual([VALIDATION_HE.nameRequired]);
    expect(messages({ ...valid, name: 'א' }, 'name')).toEqual([VALIDATION_HE.nameTooShort]);
    expect(messages({ ...valid, password: '' }, 'password')).toEqual([
      VALIDATION_HE.passwordRequired,
    ]);
  });

  it('rejects operator objects where strings belong and unknown keys', () => {
    expect(registerRequestSchema.safeParse({ ...valid, email: { $ne: null } }).success).toBe(false);
    expect(registerRequestSchema.safeParse({ ...valid, $where: '1' }).success).toBe(false);
  });
});

describe('registerFormSchema', () => {
  it('an empty form gets a message on every field, the confirmation and the terms included', () => {
    const result = registerFormSchema.safeParse({
      name: '',
      email: '',
      password: '',
      confirmPassword: '',
      role: 'user',
      agreeToTerms: false,
    });
    expect(result.success).toBe(false);
    const byField = new Map(result.error?.issues.map((i) => [String(i.path[0]), i.message]));
    expect([...byField.keys()].sort()).toEqual(
      ['agreeToTerms', 'confirmPassword', 'email', 'name', 'password'].sort(),
    );
    expect(byField.get('confirmPassword')).toBe(VALIDATION_HE.confirmPasswordRequired);
    expect(byField.get('agreeToTerms')).toBe(VALIDATION_HE.termsRequired);
  });

  it('a different confirmation is a mismatch', () => {
    const result = registerFormSchema.safeParse({
      name: 'דנה',
      email: 'dana@example.com',
      password: 'Sod-Sod-12',
      confirmPassword: 'Sod-Sod-13',
      role: 'user',
      agreeToTerms: true,
    });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['confirmPassword', VALIDATION_HE.passwordsDoNotMatch],
    ]);
  });
});

describe('login and profile', () => {
  it('accepts any non-empty password at login', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: { $gt: '' } }).success).toBe(
      false,
    );
  });

  it('requires name and email on a profile update', () => {
    expect(
      updateProfileRequestSchema.safeParse({ name: 'דן', email: 'dan@x.co', bio: 'סופר' }).success,
    ).toBe(true);
    expect(updateProfileRequestSchema.safeParse({ email: 'dan@x.co' }).success).toBe(false);
  });
});

describe('password helpers', () => {
  it('lists nothing for a good password and scores strength as spec §5', () => {
    expect(passwordProblems('Sefer#2024')).toEqual([]);
    expect(passwordStrength('abc')).toBe('weak');
    expect(passwordStrength('Sefer#2024')).toBe('medium');
    expect(passwordStrength('Sefer#2024!!xyz')).toBe('strong');
  });
});
