import { passwordStrength } from '@mechabrim/contracts';
import { strings } from '../../../strings.he';

const s = strings.auth;

type PasswordStrengthHintProps = {
  /** The new password as typed so far. */
  password: string;
};

/** The rules of a new password, and how strong the one typed so far is (nothing while empty). */
export function PasswordStrengthHint({ password }: PasswordStrengthHintProps) {
  const strength = password ? passwordStrength(password) : null;
  return (
    <>
      {s.passwordHint}
      {strength && (
        <span className={`auth-strength auth-strength--${strength}`}>
          {' '}
          {s.strength} {s.strengthLevels[strength]}
        </span>
      )}
    </>
  );
}
