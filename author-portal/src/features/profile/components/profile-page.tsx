import { useId, useState } from 'react';
import type { AuthorProfile } from '@mechabrim/contracts';
import { useQueryClient } from '@mechabrim/query';
import { Link } from '@mechabrim/routing';
import { ApiError, sessionStore, useSession } from '@mechabrim/session';
import { Field } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { EditorForm } from '../../../shared/editor-form';
import { reasonOf } from '../../../shared/errors';
import { LoadedSection } from '../../../shared/loaded-section';
import { strings } from '../../../strings.he';
import {
  authorProfileKey,
  profileFormSchema,
  saveAuthorProfile,
  useAuthorProfile,
  type ProfileFormInput,
} from '../api/author-profile';
import './profile.css';

const s = strings.profile;

const SOCIAL = ['facebook', 'twitter', 'instagram', 'linkedin'] as const;
const PREFERENCES = ['notifications', 'newsletter', 'publicProfile'] as const;
/** The grammatical genders the author may choose; '' is "not given" (neutral text). */
const GENDERS = ['female', 'male', ''] as const;

/** The form's values for a saved profile (lists as comma-separated text). */
function formValues(profile: AuthorProfile, name: string, bio: string): ProfileFormInput {
  return {
    name,
    bio,
    website: profile.website,
    socialMedia: { ...profile.socialMedia },
    authorInfo: {
      genres: profile.authorInfo.genres.join(', '),
      languages: profile.authorInfo.languages.join(', '),
      experience: profile.authorInfo.experience,
    },
    preferences: { ...profile.preferences },
    gender: profile.gender ?? '',
  };
}

function Row({ label, value, latin = false }: { label: string; value: string; latin?: boolean }) {
  return (
    <div className="ap-profile__row">
      <dt>{label}</dt>
      <dd>{value ? latin ? <bdi dir="ltr">{value}</bdi> : value : s.none}</dd>
    </div>
  );
}

/** What is saved, read only. */
function ProfileView({
  profile,
  name,
  email,
  bio,
}: {
  profile: AuthorProfile;
  name: string;
  email: string;
  bio: string;
}) {
  return (
    <dl className="ap-card ap-profile__view">
      <Row label={s.name} value={name} />
      <Row label={s.email} value={email} latin />
      <Row label={s.bio} value={bio} />
      <Row label={s.website} value={profile.website} latin />
      {SOCIAL.map((key) => (
        <Row key={key} label={s[key]} value={profile.socialMedia[key]} latin />
      ))}
      <Row label={s.genres} value={profile.authorInfo.genres.join(', ')} />
      <Row label={s.languages} value={profile.authorInfo.languages.join(', ')} />
      <Row label={s.experience} value={profile.authorInfo.experience} />
      <Row label={s.gender} value={profile.gender ? s.genders[profile.gender] : ''} />
      {PREFERENCES.map((key) => (
        <Row key={key} label={s[key]} value={profile.preferences[key] ? s.yes : s.no} />
      ))}
    </dl>
  );
}

type ProfileFormProps = {
  profile: AuthorProfile;
  onDone: (saved: boolean) => void;
};

/**
 * The form's fields and saving them: the profile goes to the author API, while the name and bio
 * belong to the account and go through the session (only when they changed).
 */
function useProfileForm({ profile, onDone }: ProfileFormProps) {
  const user = useSession((state) => state.user);
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const genderHintId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(profileFormSchema, formValues(profile, user?.name ?? '', user?.bio ?? ''));

  const onSubmit = handleSubmit(async ({ name, bio, ...rest }) => {
    setFailure(null);
    try {
      const saved = await saveAuthorProfile(rest);
      queryClient.setQueryData(authorProfileKey, saved);
      if (user && (name !== user.name || (bio ?? '') !== (user.bio ?? ''))) {
        await sessionStore.getState().updateProfile({ name, email: user.email, bio: bio ?? '' });
      }
      onDone(true);
    } catch (error) {
      setFailure(reasonOf(error, s.saveFailed));
    }
  });

  return { user, genderHintId, register, errors, isSubmitting, failure, onSubmit };
}

type ProfileFormState = ReturnType<typeof useProfileForm>;

type GenderChoicesProps = Pick<ProfileFormState, 'genderHintId' | 'register' | 'errors'>;

function GenderChoices({ genderHintId, register, errors }: GenderChoicesProps) {
  return (
    <fieldset className="ap-profile__group" aria-describedby={`${genderHintId}`}>
      <legend>{s.gender}</legend>
      <p id={genderHintId} className="ap-profile__hint">
        {s.genderHint}
      </p>
      <div className="ap-profile__choices">
        {GENDERS.map((value) => (
          <Field key={value} label={s.genders[value]} layout="check">
            {(control) => <input type="radio" value={value} {...control} {...register('gender')} />}
          </Field>
        ))}
      </div>
      {errors.gender?.message && (
        <p className="ap-banner" data-tone="error" role="alert">
          {errors.gender.message}
        </p>
      )}
    </fieldset>
  );
}

function ProfileForm({ profile, onDone }: ProfileFormProps) {
  const { user, genderHintId, register, errors, isSubmitting, failure, onSubmit } = useProfileForm({
    profile,
    onDone,
  });

  return (
    <EditorForm
      onSubmit={(e) => void onSubmit(e)}
      failure={failure}
      pending={isSubmitting}
      labels={s}
      onCancel={() => onDone(false)}
    >
      <Field label={s.name} error={errors.name?.message} required>
        {(control) => <input autoComplete="name" {...control} {...register('name')} />}
      </Field>
      <Field label={s.email} latin>
        {(control) => <input {...control} value={user?.email ?? ''} readOnly />}
      </Field>
      <Field label={s.bio} error={errors.bio?.message}>
        {(control) => <textarea rows={4} {...control} {...register('bio')} />}
      </Field>
      <Field label={s.website} error={errors.website?.message} latin>
        {(control) => <input type="url" autoComplete="url" {...control} {...register('website')} />}
      </Field>
      <fieldset className="ap-profile__group">
        <legend>{s.social}</legend>
        {SOCIAL.map((key) => (
          <Field key={key} label={s[key]} error={errors.socialMedia?.[key]?.message} latin>
            {(control) => <input type="url" {...control} {...register(`socialMedia.${key}`)} />}
          </Field>
        ))}
      </fieldset>
      <Field label={s.genres} hint={s.commaHint} error={errors.authorInfo?.genres?.message}>
        {(control) => <input {...control} {...register('authorInfo.genres')} />}
      </Field>
      <Field label={s.languages} hint={s.commaHint} error={errors.authorInfo?.languages?.message}>
        {(control) => <input {...control} {...register('authorInfo.languages')} />}
      </Field>
      <Field label={s.experience} error={errors.authorInfo?.experience?.message}>
        {(control) => <textarea rows={3} {...control} {...register('authorInfo.experience')} />}
      </Field>
      <GenderChoices genderHintId={genderHintId} register={register} errors={errors} />
      <fieldset className="ap-profile__group">
        <legend>{s.preferences}</legend>
        {PREFERENCES.map((key) => (
          <Field key={key} label={s[key]} layout="check">
            {(control) => (
              <input type="checkbox" {...control} {...register(`preferences.${key}`)} />
            )}
          </Field>
        ))}
      </fieldset>
    </EditorForm>
  );
}

/**
 * `/author-dashboard/profile`: the profile as saved, and an editor (edit / save / cancel);
 * saving stores it on the server, cancelling drops the changes.
 */
export function ProfilePage() {
  const profile = useAuthorProfile();
  const user = useSession((state) => state.user);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  return (
    <LoadedSection
      query={profile}
      titleId="ap-profile-title"
      title={s.title}
      level="h1"
      loadError={s.loadError}
      retryLabel={s.retry}
      className="ap-profile"
    >
      {(data) => (
        <>
          {saved && !editing && (
            <p className="ap-banner" role="status">
              {s.saved}
            </p>
          )}
          {editing ? (
            <ProfileForm
              profile={data}
              onDone={(done) => {
                setSaved(done);
                setEditing(false);
              }}
            />
          ) : (
            <>
              <ProfileView
                profile={data}
                name={user?.name ?? ''}
                email={user?.email ?? ''}
                bio={user?.bio ?? ''}
              />
              <div className="ap-profile__actions">
                <button
                  type="button"
                  className="mb-button"
                  onClick={() => {
                    setSaved(false);
                    setEditing(true);
                  }}
                >
                  {s.edit}
                </button>
                <SignOutEverywhere />
              </div>
              {/* The payout details live in the payouts section (issue 23). */}
              <p className="ap-profile__hint">
                <Link to="/author-dashboard/payouts">{strings.payouts.movedToPayouts}</Link>
              </p>
            </>
          )}
        </>
      )}
    </LoadedSection>
  );
}

/**
 * Ends every session of the account (`POST /api/auth/logout-all`), this one too: the portal then
 * sends the author to sign in. A failure keeps them signed in and says why.
 */
function SignOutEverywhere() {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signOut = async () => {
    setPending(true);
    setFailure(null);
    try {
      await sessionStore.getState().logoutEverywhere();
    } catch (error) {
      setPending(false);
      setFailure(
        error instanceof ApiError && error.message ? error.message : s.logoutEverywhereError,
      );
    }
  };
  return (
    <>
      <button
        type="button"
        className="mb-button"
        data-variant="secondary"
        disabled={pending}
        aria-busy={pending}
        onClick={() => void signOut()}
      >
        {pending ? s.loggingOutEverywhere : s.logoutEverywhere}
      </button>
      {failure && (
        <p className="ap-banner" data-tone="error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
