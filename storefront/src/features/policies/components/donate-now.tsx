import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { DONATION_PRESET_SHEKELS } from '@mechabrim/contracts';
import { DONATION_MAX_AGOROT, DONATION_MIN_AGOROT, toShekels } from '@mechabrim/money';
import { useSession } from '@mechabrim/session';
import { Field, SubmitButton } from '@mechabrim/ui';
import { useCreateDonation } from '../api/create-donation';
import { strings } from '../../../strings.he';
import {
  checkDonation,
  chosenAmount,
  goToHostedPage,
  newDonationKey,
  OTHER_AMOUNT,
  type DonationField,
} from './donation-form';

const t = strings.policies.donation.donate;
const numberFormat = new Intl.NumberFormat('he-IL', { maximumFractionDigits: 2 });
const shekels = (value: number) => numberFormat.format(value);

/**
 * The donation form's state: the sum, e-mail and name (a signed-in reader's filled in), each
 * field's error, the idempotency key of these details, and the sending to the provider.
 */
function useDonationForm() {
  const user = useSession((s) => s.user);
  const [choice, setChoice] = useState<string>(String(DONATION_PRESET_SHEKELS[1]));
  const [other, setOther] = useState('');
  const [email, setEmail] = useState(user?.email ?? '');
  const [name, setName] = useState(user?.name ?? '');
  const [errors, setErrors] = useState<Partial<Record<DonationField, string>>>({});
  const key = useRef(newDonationKey());
  const otherInput = useRef<HTMLInputElement>(null);
  const create = useCreateDonation();
  // Changed details are another donation: a new key; the changed field's error is cleared.
  const changed =
    <T,>(field: DonationField, set: (value: T) => void) =>
    (value: T) => {
      key.current = newDonationKey();
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
      set(value);
    };
  const amount = chosenAmount(choice, other);
  const pending = create.isPending || create.isSuccess;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const checked = checkDonation({ amount, email, name: name || undefined });
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = (['amount', 'email', 'name'] as const).find((f) => checked.errors[f]);
      const form = event.currentTarget;
      if (first === 'amount' && choice === OTHER_AMOUNT) otherInput.current?.focus();
      else form.querySelector<HTMLElement>(`[name="${first ?? 'amount'}"]`)?.focus();
      return;
    }
    setErrors({});
    try {
      const page = await create.mutateAsync({ body: checked.body, key: key.current });
      goToHostedPage(page.payment_url, page.form_data);
    } catch {
      // The mutation's error is shown below the button.
    }
  };

  return {
    values: { choice, other, email, name },
    errors,
    amount,
    pending,
    create,
    otherInput,
    onSubmit,
    onChoice: changed('amount', setChoice),
    onOther: changed('amount', setOther),
    onEmail: changed('email', setEmail),
    onName: changed('name', setName),
  };
}

/**
 * 'Donate now' (issue 23 item 7): a preset sum or a free one, an e-mail for the receipt and an
 * optional name, then the provider's hosted payment page. Guests may donate; a signed-in reader's
 * e-mail and name are filled in. The button is disabled while the page opens, and a second press
 * with the same details sends the same idempotency key, so it is one donation.
 */
export function DonateNow() {
  const { values, errors, amount, pending, create, otherInput, onSubmit, ...on } =
    useDonationForm();
  return (
    <section id="donate" className="donate-now" aria-labelledby="donate-now-title">
      <h2 id="donate-now-title" className="sf-section-title">
        {t.title}
      </h2>
      <p>{t.intro}</p>
      <form className="sf-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
        <DonationAmounts
          choice={values.choice}
          other={values.other}
          error={errors.amount}
          otherInput={otherInput}
          onChoice={on.onChoice}
          onOther={on.onOther}
        />
        <Field label={t.email} error={errors.email} required latin>
          {(control) => (
            <input
              {...control}
              type="email"
              name="email"
              autoComplete="email"
              value={values.email}
              onChange={(e) => on.onEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label={t.name} error={errors.name}>
          {(control) => (
            <input
              {...control}
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={(e) => on.onName(e.target.value)}
            />
          )}
        </Field>
        <SubmitButton pending={pending} pendingLabel={t.sending}>
          {amount !== undefined && Number.isFinite(amount) && amount > 0
            ? t.submit(shekels(amount))
            : t.submitNoAmount}
        </SubmitButton>
        {create.isError && (
          <p className="mb-field__error" role="alert">
            {create.error instanceof Error && create.error.message ? create.error.message : t.error}
          </p>
        )}
      </form>
    </section>
  );
}

type DonationAmountsProps = {
  /** The chosen radio: a preset sum in shekels, or OTHER_AMOUNT. */
  choice: string;
  /** The free sum as typed. */
  other: string;
  error: string | undefined;
  otherInput: RefObject<HTMLInputElement | null>;
  onChoice: (choice: string) => void;
  onOther: (other: string) => void;
};

/** The preset sums and 'other', with the free sum's box when 'other' is chosen. */
function DonationAmounts(props: DonationAmountsProps) {
  const { choice, error, otherInput } = props;
  const min = shekels(toShekels(DONATION_MIN_AGOROT));
  const max = shekels(toShekels(DONATION_MAX_AGOROT));
  return (
    <fieldset
      className="donate-now__amounts"
      aria-describedby={error ? 'donate-amount-error' : undefined}
    >
      <legend>{t.amountLegend}</legend>
      <div className="donate-now__choices">
        {DONATION_PRESET_SHEKELS.map((preset) => (
          <label key={preset} className="donate-now__choice">
            <input
              type="radio"
              name="amount"
              value={String(preset)}
              checked={choice === String(preset)}
              onChange={(e) => props.onChoice(e.target.value)}
            />
            <span>{t.preset(shekels(preset))}</span>
          </label>
        ))}
        <label className="donate-now__choice">
          <input
            type="radio"
            name="amount"
            value={OTHER_AMOUNT}
            checked={choice === OTHER_AMOUNT}
            onChange={(e) => {
              props.onChoice(e.target.value);
              queueMicrotask(() => otherInput.current?.focus());
            }}
          />
          <span>{t.other}</span>
        </label>
      </div>
      {choice === OTHER_AMOUNT && (
        <Field label={t.otherLabel} hint={t.otherHint(min, max)} error={error} required latin>
          {(control) => (
            <input
              {...control}
              ref={otherInput}
              name="other-amount"
              inputMode="decimal"
              autoComplete="off"
              value={props.other}
              onChange={(e) => props.onOther(e.target.value)}
            />
          )}
        </Field>
      )}
      {error && choice !== OTHER_AMOUNT && (
        <p id="donate-amount-error" className="mb-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
