import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@mechabrim/session';
import { Field } from '../components/field/field';
import { SubmitButton } from '../components/field/submit-button';
import './sign-in-form.css';

/** What every sign-in form asks for. */
export interface Credentials extends FieldValues {
  email: string;
  password: string;
}

export interface SignInFormTexts {
  email: string;
  password: string;
  submit: string;
  /** What the button says while the form is being sent. */
  submitting: string;
  /** The failure said when the server's answer has no Hebrew message of its own. */
  failed: string;
}

export interface SignInFormProps<Input extends Credentials, Output> {
  /** The page's form (`useZodForm` with a schema of `@mechabrim/contracts`). */
  form: UseFormReturn<Input, unknown, Output>;
  /**
   * Sends the checked values. A returned string fails the form with that word; a thrown error
   * with the API's own message, else with `texts.failed`.
   */
  onSubmit: (values: Output) => Promise<string | void>;
  texts: SignInFormTexts;
  /** Why the visitor is here (the API ended the session), said until a failure replaces it. */
  notice?: string | null;
  /** Inside the form before anything else: its title and introduction. */
  header?: ReactNode;
  /** Fields before the e-mail (a registration's name). */
  beforeFields?: ReactNode;
  /** A new password (registration): its autocomplete, the rules under it, fields it revalidates. */
  newPassword?: { hint: ReactNode; deps: Path<Input>[] };
  /** After the password, before the button: more fields or a 'forgot' link. */
  afterFields?: ReactNode;
  /** After the button: the way to the other form. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The e-mail and password form of the storefront's login and registration and the authors'
 * portal: the fields with the contract's Hebrew messages under them, the server's answer above
 * them, and a button that says it is sending (and cannot send twice).
 */
export function SignInForm<Input extends Credentials, Output>(
  props: SignInFormProps<Input, Output>,
) {
  const { form, texts, notice, newPassword } = props;
  const [failure, setFailure] = useState<string | null>(null);
  const { isSubmitting } = form.formState;
  const errorOf = (name: 'email' | 'password') =>
    form.getFieldState(name as Path<Input>, form.formState).error?.message;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const refused = await props.onSubmit(values);
      if (refused) setFailure(refused);
    } catch (error) {
      setFailure(error instanceof ApiError && error.message ? error.message : texts.failed);
    }
  });

  return (
    <form
      className={props.className}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={isSubmitting}
    >
      {props.header}
      {failure ? (
        <p className="mb-form-message" data-tone="danger" role="alert">
          {failure}
        </p>
      ) : (
        notice && (
          <p className="mb-form-message" data-tone="info" role="status">
            {notice}
          </p>
        )
      )}
      {props.beforeFields}
      <Field label={texts.email} error={errorOf('email')} required latin>
        {(control) => (
          <input
            type="email"
            autoComplete="email"
            {...control}
            {...form.register('email' as Path<Input>)}
          />
        )}
      </Field>
      <Field
        label={texts.password}
        error={errorOf('password')}
        required
        latin
        hint={newPassword?.hint}
      >
        {(control) => (
          <input
            type="password"
            autoComplete={newPassword ? 'new-password' : 'current-password'}
            {...control}
            {...form.register('password' as Path<Input>, newPassword && { deps: newPassword.deps })}
          />
        )}
      </Field>
      {props.afterFields}
      <SubmitButton pending={isSubmitting} pendingLabel={texts.submitting}>
        {texts.submit}
      </SubmitButton>
      {props.footer}
    </form>
  );
}
