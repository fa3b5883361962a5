import { useId, useState, type FormEvent } from 'react';
import { CONTACT_SUBJECTS, contactRequestSchema, type ContactRequest } from '@mechabrim/contracts';
import { Breadcrumb, Toast } from '@mechabrim/ui';
import { useSubmitContact } from '../api/submit-contact';
import { strings } from '../../../strings.he';
import './contact.css';

const s = strings.contact;
const EMPTY: ContactRequest = { name: '', email: '', subject: 'general', message: '' };
type Field = keyof ContactRequest;

/** `/contact` — name, email, subject, message; success banner 3 s, error banner 5 s. */
export function ContactPage() {
  const [form, setForm] = useState<ContactRequest>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [banner, setBanner] = useState<'success' | 'error' | null>(null);
  const submit = useSubmitContact();
  const id = useId();

  const set = (field: Field) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = contactRequestSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    submit.mutate(form, {
      onSuccess: () => {
        setBanner('success');
        setForm(EMPTY);
      },
      onError: () => setBanner('error'),
    });
  };

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: form[name],
    onChange: set(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: Field) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="sf-field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="sf-page contact-page">
      <Breadcrumb items={[{ label: strings.common.home, to: '/' }, { label: s.title }]} />
      <h1 className="sf-page-title">{s.title}</h1>
      <p className="sf-lead">{s.intro}</p>
      <div className="contact-layout">
        <form className="sf-form" onSubmit={onSubmit} noValidate aria-busy={submit.isPending}>
          {banner && (
            <Toast
              tone={banner}
              message={banner === 'success' ? s.success : s.error}
              durationMs={banner === 'success' ? 3000 : 5000}
              onClose={() => setBanner(null)}
            />
          )}
          <div className="sf-field">
            <label htmlFor={`${id}-name`}>{s.name}</label>
            <input className="sf-input" autoComplete="name" required {...field('name')} />
            {error('name')}
          </div>
          <div className="sf-field">
            <label htmlFor={`${id}-email`}>{s.email}</label>
            <input
              className="sf-input"
              type="email"
              dir="ltr"
              autoComplete="email"
              required
              {...field('email')}
            />
            {error('email')}
          </div>
          <div className="sf-field">
            <label htmlFor={`${id}-subject`}>{s.subject}</label>
            <select className="sf-select" {...field('subject')}>
              {CONTACT_SUBJECTS.map((sub) => (
                <option key={sub} value={sub}>
                  {s.subjects[sub]}
                </option>
              ))}
            </select>
            {error('subject')}
          </div>
          <div className="sf-field">
            <label htmlFor={`${id}-message`}>{s.message}</label>
            <textarea className="sf-textarea" required {...field('message')} />
            {error('message')}
          </div>
          <button type="submit" className="mb-button" disabled={submit.isPending}>
            {submit.isPending ? s.sending : s.send}
          </button>
        </form>
        <aside className="contact-aside">
          <p>{s.hours}</p>
        </aside>
      </div>
    </div>
  );
}
