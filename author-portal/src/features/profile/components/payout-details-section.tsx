import { useState } from 'react';
import {
  ISRAELI_BANKS,
  TAX_STATUSES,
  TAX_STATUS_HE,
  type PayoutDetails,
  type PayoutDetailsInput,
} from '@mechabrim/contracts';
import { useQueryClient } from '@mechabrim/query';
import { Field } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { EditorForm } from '../../../shared/editor-form';
import { reasonOf } from '../../../shared/errors';
import { LoadedSection } from '../../../shared/loaded-section';
import { strings } from '../../../strings.he';
import {
  payoutDetailsFormSchema,
  payoutDetailsKey,
  savePayoutDetails,
  usePayoutDetails,
} from '../api/payout-details';

const s = strings.payouts;

/** The form's starting values: the numbers are typed again, never shown in full. */
function formValues(details: PayoutDetails | null): PayoutDetailsInput {
  return {
    accountHolder: details?.accountHolder ?? '',
    bankCode: details?.bankCode ?? '',
    branch: details?.branch ?? '',
    account: '',
    taxId: '',
    taxStatus: details?.taxStatus ?? ('' as PayoutDetailsInput['taxStatus']),
  };
}

function PayoutDetailsView({ details }: { details: PayoutDetails }) {
  const rows: [string, string, boolean][] = [
    [s.accountHolder, details.accountHolder, false],
    [s.bank, `${details.bankName} (${details.bankCode})`, false],
    [s.branch, details.branch, true],
    [s.account, details.accountMasked, true],
    [s.taxId, details.taxIdMasked, true],
    [s.taxStatus, TAX_STATUS_HE[details.taxStatus], false],
  ];
  return (
    <>
      {details.hold && (
        <p className="ap-banner" role="status">
          {s.onHold}
        </p>
      )}
      <dl className="ap-card ap-profile__view">
        {rows.map(([label, value, latin]) => (
          <div className="ap-profile__row" key={label}>
            <dt>{label}</dt>
            <dd>{latin ? <bdi dir="ltr">{value}</bdi> : value}</dd>
          </div>
        ))}
      </dl>
      {details.withholdingPercent !== null && <p>{s.withholding(details.withholdingPercent)}</p>}
    </>
  );
}

type PayoutDetailsFormProps = {
  details: PayoutDetails | null;
  onDone: (message: string | null) => void;
};

/** The form's fields and saving them; the saved (masked) details replace the cached ones. */
function usePayoutDetailsForm({ details, onDone }: PayoutDetailsFormProps) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(payoutDetailsFormSchema, formValues(details));

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await savePayoutDetails(values);
      queryClient.setQueryData(payoutDetailsKey, { details: saved.details });
      onDone(saved.message);
    } catch (error) {
      setFailure(reasonOf(error, s.saveFailed));
    }
  });

  return { register, errors, isSubmitting, failure, onSubmit };
}

type TaxStatusChoicesProps = Pick<ReturnType<typeof usePayoutDetailsForm>, 'register' | 'errors'>;

function TaxStatusChoices({ register, errors }: TaxStatusChoicesProps) {
  return (
    <fieldset className="ap-profile__group">
      <legend>{s.taxStatus}</legend>
      <div className="ap-profile__choices">
        {TAX_STATUSES.map((status) => (
          <Field key={status} label={TAX_STATUS_HE[status]} layout="check">
            {(control) => (
              <input type="radio" value={status} {...control} {...register('taxStatus')} />
            )}
          </Field>
        ))}
      </div>
      {errors.taxStatus?.message && (
        <p className="ap-banner" data-tone="error" role="alert">
          {errors.taxStatus.message}
        </p>
      )}
    </fieldset>
  );
}

function PayoutDetailsForm({ details, onDone }: PayoutDetailsFormProps) {
  const { register, errors, isSubmitting, failure, onSubmit } = usePayoutDetailsForm({
    details,
    onDone,
  });

  return (
    <EditorForm
      onSubmit={(e) => void onSubmit(e)}
      failure={failure}
      pending={isSubmitting}
      labels={s}
      onCancel={() => onDone(null)}
    >
      {details && <p className="ap-profile__hint">{s.changeWarning}</p>}
      {details && <p className="ap-profile__hint">{s.reenterHint}</p>}
      <Field label={s.accountHolder} error={errors.accountHolder?.message} required>
        {(control) => <input autoComplete="name" {...control} {...register('accountHolder')} />}
      </Field>
      <Field label={s.bank} error={errors.bankCode?.message} required>
        {(control) => (
          <select {...control} {...register('bankCode')}>
            <option value="">{s.chooseBank}</option>
            {ISRAELI_BANKS.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name} ({bank.code})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={s.branch} error={errors.branch?.message} required latin>
        {(control) => <input inputMode="numeric" {...control} {...register('branch')} />}
      </Field>
      <Field label={s.account} error={errors.account?.message} required latin>
        {(control) => (
          <input inputMode="numeric" autoComplete="off" {...control} {...register('account')} />
        )}
      </Field>
      <Field label={s.taxId} error={errors.taxId?.message} required latin>
        {(control) => (
          <input inputMode="numeric" autoComplete="off" {...control} {...register('taxId')} />
        )}
      </Field>
      <TaxStatusChoices register={register} errors={errors} />
    </EditorForm>
  );
}

/** The profile's payout details: shown masked, entered or changed in a form (issue 23). */
export function PayoutDetailsSection() {
  const query = usePayoutDetails();
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  return (
    <LoadedSection
      query={query}
      titleId="ap-payouts-title"
      title={s.title}
      loadError={s.loadError}
      retryLabel={s.retry}
      className="ap-profile"
    >
      {(data) => {
        // An answer without `details` (an older API) reads as "not entered yet".
        const details = data.details ?? null;
        return (
          <>
            <p>{s.intro}</p>
            {message && !editing && (
              <p className="ap-banner" role="status">
                {message}
              </p>
            )}
            {editing ? (
              <PayoutDetailsForm
                details={details}
                onDone={(saved) => {
                  setMessage(saved);
                  setEditing(false);
                }}
              />
            ) : (
              <>
                {details ? <PayoutDetailsView details={details} /> : <p>{s.empty}</p>}
                <button
                  type="button"
                  className="mb-button"
                  onClick={() => {
                    setMessage(null);
                    setEditing(true);
                  }}
                >
                  {details ? s.edit : s.add}
                </button>
              </>
            )}
          </>
        );
      }}
    </LoadedSection>
  );
}
