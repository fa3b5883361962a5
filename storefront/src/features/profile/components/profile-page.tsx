import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@mechabrim/routing';
import { updateProfileRequestSchema } from '@mechabrim/contracts';
import { ApiError, sessionStore, useSession } from '@mechabrim/session';
import { Avatar, EmptyState, Spinner, Toast } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import './profile.css';

const s = strings.profile;

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0])] ??= i.message;
  return out;
}

/** `/profile` — view and edit name, email and bio; the role label; logout. */
export function ProfilePage() {
  const user = useSession((st) => st.user);
  const loading = useSession((st) => st.loading);
  const navigate = useNavigate();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ name: '', email: '', bio: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [toast, setToast] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  if (loading)
    return (
      <div className="sf-page">
        <Spinner />
      </div>
    );
  if (!user) {
    return (
      <div className="sf-page">
        <EmptyState
          titleAs="h1"
          icon="👤"
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

  const startEdit = () => {
    setDraft({ name: user.name, email: user.email, bio: user.bio ?? '' });
    setErrors({});
    setEditing(true);
  };

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateProfileRequestSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      await sessionStore.getState().updateProfile(parsed.data);
      setEditing(false);
      setToast({ tone: 'success', message: s.updated });
    } catch (err) {
      setToast({
        tone: 'error',
        message: err instanceof ApiError && err.message ? err.message : s.updateError,
      });
    } finally {
      setSaving(false);
    }
  };

  const logout = () => {
    sessionStore.getState().logout();
    void navigate('/');
  };

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
      <section className="profile-card">
        <div className="profile-card__head">
          <Avatar src={user.avatar} name={user.name} size={80} />
          <div>
            <p className="profile-card__name">{user.name}</p>
            <span className="mb-badge">{s.roles[user.role] ?? user.role}</span>
          </div>
        </div>
        {editing ? (
          <form
            className="profile-form"
            onSubmit={(event) => void onSave(event)}
            noValidate
            aria-busy={saving}
          >
            {(['name', 'email'] as const).map((f) => (
              <div className="sf-field" key={f}>
                <label htmlFor={`${id}-${f}`}>{s[f]}</label>
                <input
                  id={`${id}-${f}`}
                  className="sf-input"
                  type={f === 'email' ? 'email' : 'text'}
                  dir={f === 'email' ? 'ltr' : undefined}
                  value={draft[f]}
                  onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
                  aria-invalid={errors[f] ? true : undefined}
                  aria-describedby={errors[f] ? `${id}-${f}-error` : undefined}
                />
                {errors[f] && (
                  <p id={`${id}-${f}-error`} className="sf-field-error">
                    {errors[f]}
                  </p>
                )}
              </div>
            ))}
            <div className="sf-field">
              <label htmlFor={`${id}-bio`}>{s.bio}</label>
              <textarea
                id={`${id}-bio`}
                className="sf-textarea"
                value={draft.bio}
                onChange={(e) => setDraft((d) => ({ ...d, bio: e.target.value }))}
              />
            </div>
            <div className="profile-actions">
              <button type="submit" className="mb-button" disabled={saving}>
                {saving ? s.saving : s.save}
              </button>
              <button
                type="button"
                className="mb-button"
                data-variant="secondary"
                onClick={() => setEditing(false)}
                disabled={saving}
              >
                {s.cancel}
              </button>
            </div>
          </form>
        ) : (
          <>
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
            <div className="profile-actions">
              <button type="button" className="mb-button" onClick={startEdit}>
                {s.edit}
              </button>
              <button type="button" className="mb-button" data-variant="secondary" onClick={logout}>
                {s.logout}
              </button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
