import '../testing/jsdom-polyfills';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { ApiError } from '@mechabrim/session';
import { SignInForm, type SignInFormProps } from './sign-in-form';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  email: z.string().trim().min(1, 'אימייל הוא שדה חובה'),
  password: z.string().min(1, 'סיסמה היא שדה חובה'),
});
type Values = z.output<typeof schema>;

function Form(props: Partial<SignInFormProps<z.input<typeof schema>, Values>>) {
  const form = useZodForm(schema, { email: '', password: '' });
  return (
    <SignInForm
      form={form}
      texts={{
        email: 'אימייל',
        password: 'סיסמה',
        submit: 'כניסה',
        submitting: 'נכנסים…',
        failed: 'הכניסה נכשלה',
      }}
      onSubmit={async () => undefined}
      {...props}
    />
  );
}

const fill = () => {
  fireEvent.change(screen.getByLabelText('אימייל'), { target: { value: ' dana@example.com ' } });
  fireEvent.change(screen.getByLabelText('סיסמה'), { target: { value: 'secret' } });
  fireEvent.click(screen.getByRole('button', { name: 'כניסה' }));
};

describe('the sign-in form', () => {
  it('says the schema’s messages under the empty fields and sends nothing', async () => {
    const onSubmit = jest.fn(async () => undefined);
    render(<Form onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'כניסה' }));
    expect(
      await screen.findByRole('textbox', { name: 'אימייל', description: 'אימייל הוא שדה חובה' }),
    ).toBeTruthy();
    expect(screen.getByText('סיסמה היא שדה חובה')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the checked values and says a refusal it is given', async () => {
    const onSubmit = jest.fn(async (values: Values) => `אין כניסה ל־${values.email}`);
    render(<Form onSubmit={onSubmit} notice="ההתחברות הסתיימה" />);
    expect(screen.getByRole('status').textContent).toBe('ההתחברות הסתיימה');
    fill();
    expect((await screen.findByRole('alert')).textContent).toBe('אין כניסה ל־dana@example.com');
    expect(onSubmit).toHaveBeenCalledWith({ email: 'dana@example.com', password: 'secret' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the API’s own message, and its own word for any other failure', async () => {
    let failure: Error = new ApiError('אימייל או סיסמה שגויים', 401);
    render(
      <Form
        onSubmit={async () => {
          throw failure;
        }}
      />,
    );
    fill();
    expect((await screen.findByRole('alert')).textContent).toBe('אימייל או סיסמה שגויים');
    failure = new TypeError('Failed to fetch');
    fireEvent.click(screen.getByRole('button', { name: 'כניסה' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('הכניסה נכשלה'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'כניסה' }).disabled).toBe(false);
  });
});
