import { useState } from 'react';
import { Link, useNavigate } from '@mechabrim/routing';
import { updateProfileRequestSchema } from '@mechabrim/contracts';
import { ApiError, sessionStore, useSession, type SessionUser } from '@mechabrim/session';
import { Avatar, EmptyState, Field, Spinner, SubmitButton, Toast } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { strings } from '../../../strings.he';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { FollowedAuthorsSection } from './followed-authors-section';
import './profile.css';

const s = strings.profile;

type ProfileToast = { tone: 'success' | 'error'; message: string };

/** Signing out here, or on every device (which can fail: then `onFailed` says why). */
function useProfileLogout(onFailed: (message: string) => void) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const logout = () => {
    void sessionStore.getState().logout();
    void navigate('/');
  };
  const logoutEverywhere = async () => {
    setLeaving(true);
    try {
      await sessionStore.getState().logoutEverywhere();
      void navigate('/');
    } catch (err) {
      setLeaving(false);
      onFailed(err instanceof ApiError && err.message ? err.message : s.logoutEverywhereError);
    }
  };
  return { leaving, logout, logoutEverywhere };
}

/** `/profile` — view and edit name, email and bio; the role label; logout. */
export function ProfilePage() {
  const user = useSession((st) => st.user);
  const loading = useSession((st) => st.loading);
  const [editing, setEditing] = useState(false);
  const [toast, setToast] = useState<ProfileToast | null>(null);
  const { leaving, logout, logoutEverywhere } = useProfileLogout((message) =>
    setToast({ tone: 'error', message }),
  );
  // The account was deleted: the server's message, in place of the profile.
  const [farewell, setFarewell] = useState<string | null>(null);

  if (loading)
    return (
      <div className="sf-page">
        <Spinner />
      </div>
    );
  if (farewell) return <ProfileFarewell message={farewell} />;
  if (!user) return <ProfileLoginPrompt />;

  return (
    <div className="sf-page profile-page">
      <h1 className="sf-page-title">{s.title}</h1>
      {toast && (
        <Toast
          tone={toast.tone}
          message={toast.message}
          durationMs={toast.tone === 'success' ? 3000 : 5000}
          onClose={() => setToast(null)}
        />
      )}
      <ProfileCard
        user={user}
        editing={editing}
        onEditingChange={setEditing}
        onToast={setToast}
        leaving={leaving}
        onLogout={logout}
        onLogoutEverywhere={() => void logoutEverywhere()}
      />
      <FollowedAuthorsSection />
      <ChangePasswordForm onChanged={(message) => setToast({ tone: 'success', message })} />
      <DeleteAccountSection onDeleted={setFarewell} />
    </div>
  );
}

/** The account has been deleted: the server's goodbye and the way home. */
function ProfileFarewell({ message }: { message: string }) {
  return (
    <div className="sf-page">
      <EmptyState
        titleAs="h1"
        icon="user"
        title={s.deletedTitle}
        description={message}
        action={
          <Link to="/" className="mb-button">
            {s.toHome}
          </Link>
        }
      />
    </div>
  );
}

/** A guest has no profile: the way to sign in. */
function ProfileLoginPrompt() {
  return (
    <div className="sf-page">
      <EmptyState
        titleAs="h1"
        icon="user"
        title={s.loginPrompt}
        action={
          <Link to="/login" className="mb-button">
            {s.login}
          </Link>
        }
      />
    </div>
  );
}

type ProfileCardProps = {
  user: SessionUser;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  onToast: (toast: ProfileToast) => void;
  /** Signing out on every device is under way. */
  leaving: boolean;
  onLogout: () => void;
  onLogoutEverywhere: () => void;
};

/** The reader's picture, name and role, then their details and actions, or the editor. */
function ProfileCard({ user, editing, onEditingChange, onToast, ...logout }: ProfileCardProps) {
  return (
    <section className="profile-card">
      <div className="profile-card__head">
        <Avatar src={user.avatar} name={user.name} size={80} />
        <div>
          <p className="profile-card__name">{user.name}</p>
          <span className="mb-badge">{s.roles[user.role] ?? user.role}</span>
        </div>
      </div>
      {editing ? (
        <ProfileForm
          user={user}
          onSaved={(message) => {
            onEditingChange(false);
            onToast({ tone: 'success', message });
          }}
          onFailed={(message) => onToast({ tone: 'error', message })}
          onCancel={() => onEditingChange(false)}
        />
      ) : (
        <>
          <ProfileFacts user={user} />
          <div className="profile-actions">
            <button type="button" className="mb-button" onClick={() => onEditingChange(true)}>
              {s.edit}
            </button>
            <button
              type="button"
              className="mb-button"
              data-variant="secondary"
              onClick={logout.onLogout}
            >
              {s.logout}
            </button>
            <button
              type="button"
              className="mb-button"
              data-variant="secondary"
              disabled={logout.leaving}
              aria-busy={logout.leaving}
              onClick={logout.onLogoutEverywhere}
            >
              {logout.leaving ? s.loggingOutEverywhere : s.logoutEverywhere}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** The reader's name, e-mail, role and bio, as saved. */
function ProfileFacts({ user }: { user: SessionUser }) {
  return (
    <dl className="profile-facts">
      <div>
        <dt>{s.name}</dt>
        <dd>{user.name}</dd>
      </div>
      <div>
        <dt>{s.email}</dt>
        <dd>
          <bdi>{user.email}</bdi>
        </dd>
      </div>
      <div>
        <dt>{s.role}</dt>
        <dd>{s.roles[user.role] ?? user.role}</dd>
      </div>
      <div>
        <dt>{s.bio}</dt>
        <dd>{user.bio?.trim() || s.noBio}</dd>
      </div>
    </dl>
  );
}

interface ProfileFormProps {
  user: Pick<SessionUser, 'name' | 'email' | 'bio'>;
  onSaved: (message: string) => void;
  onFailed: (message: string) => void;
  onCancel: () => void;
}

/**
 * The profile editor: name and e-mail required, the bio optional (spec §5). A new e-mail address
 * asks for the current password; the account moves there once the link mailed to it is followed.
 */
function ProfileForm({ user, onSaved, onFailed, onCancel }: ProfileFormProps) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useZodForm(updateProfileRequestSchema, {
    name: user.name,
    email: user.email,
    bio: user.bio ?? '',
    currentPassword: '',
  });
  const movingTo = watch('email').trim().toLowerCase();
  const moving = movingTo !== user.email;

  const onSave = handleSubmit(async ({ currentPassword, ...update }) => {
    try {
      await sessionStore.getState().updateProfile(moving ? { ...update, currentPassword } : update);
      onSaved(moving ? s.emailPending(movingTo) : s.updated);
    } catch (err) {
      onFailed(err instanceof ApiError && err.message ? err.message : s.updateError);
    }
  });

  return (
    <form
      className="profile-form"
      onSubmit={(event) => void onSave(event)}
      noValidate
      aria-busy={isSubmitting}
    >
      <Field label={s.name} error={errors.name?.message} required>
        {(control) => <input autoComplete="name" {...control} {...register('name')} />}
      </Field>
      <Field label={s.email} error={errors.email?.message} required latin>
        {(control) => (
          <input type="email" autoComplete="email" {...control} {...register('email')} />
        )}
      </Field>
      {moving && (
        <Field
          label={s.currentPassword}
          error={errors.currentPassword?.message}
          hint={s.emailChangeHint}
          required
          latin
        >
          {(control) => (
            <input
              type="password"
              autoComplete="current-password"
              {...control}
              {...register('currentPassword')}
            />
          )}
        </Field>
      )}
      <Field label={s.bio} error={errors.bio?.message}>
        {(control) => <textarea {...control} {...register('bio')} />}
      </Field>
      <div className="profile-actions">
        <SubmitButton pending={isSubmitting} pendingLabel={s.saving}>
          {s.save}
        </SubmitButton>
        <button
          type="button"
          className="mb-button"
          data-variant="secondary"
          onClick={onCancel}
          disabled={isSubmitting}
        >
          {s.cancel}
        </button>
      </div>
    </form>
  );
}
