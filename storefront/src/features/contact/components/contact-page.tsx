import { useState } from 'react';
import { useSearchParams } from '@mechabrim/routing';
import { CONTACT_SUBJECTS, contactRequestSchema, type ContactSubject } from '@mechabrim/contracts';
import { Breadcrumb, Field, SubmitButton, Toast } from '@mechabrim/ui';
import { useZodForm } from '@mechabrim/ui/src/forms';
import { useSubmitContact } from '../api/submit-contact';
import { strings } from '../../../strings.he';
import './contact.css';

const s = strings.contact;

/** The subject a link asks for (`/contact?subject=donation`), else 'general'. */
export function presetSubject(value: string | null): ContactSubject {
  return CONTACT_SUBJECTS.find((subject) => subject === value) ?? 'general';
}

/**
 * `/contact` — name, email, subject (preset by `?subject=`), message; success banner 3 s, error
 * banner 5 s.
 */
export function ContactPage() {
  const [params] = useSearchParams();
  const subject = presetSubject(params.get('subject'));
  const [banner, setBanner] = useState<'success' | 'error' | null>(null);
  const submit = useSubmitContact();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(contactRequestSchema, { name: '', email: '', subject, message: '' });

  const onSubmit = handleSubmit(async (message) => {
    try {
      await submit.mutateAsync(message);
      setBanner('success');
      reset();
    } catch {
      setBanner('error');
    }
  });

  return (
    <div className="sf-page contact-page">
      <Breadcrumb items={[{ label: strings.common.home, to: '/' }, { label: s.title }]} />
      <h1 className="sf-page-title">{s.title}</h1>
      <p className="sf-lead">{s.intro}</p>
      <div className="contact-layout">
        <form
          className="sf-form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={isSubmitting}
        >
          {banner && (
            <Toast
              tone={banner}
              message={banner === 'success' ? s.success : s.error}
              durationMs={banner === 'success' ? 3000 : 5000}
              onClose={() => setBanner(null)}
            />
          )}
          <Field label={s.name} error={errors.name?.message} required>
            {(control) => <input autoComplete="name" {...control} {...register('name')} />}
          </Field>
          <Field label={s.email} error={errors.email?.message} required latin>
            {(control) => (
              <input type="email" autoComplete="email" {...control} {...register('email')} />
            )}
          </Field>
          <Field label={s.subject} error={errors.subject?.message} required>
            {(control) => (
              <select {...control} {...register('subject')}>
                {CONTACT_SUBJECTS.map((subject) => (
                  <option key={subject} value={subject}>
                    {s.subjects[subject]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={s.message} error={errors.message?.message} required>
            {(control) => <textarea {...control} {...register('message')} />}
          </Field>
          <SubmitButton pending={isSubmitting} pendingLabel={s.sending}>
            {s.send}
          </SubmitButton>
        </form>
        <aside className="contact-aside">
          <p>{s.hours}</p>
        </aside>
      </div>
    </div>
  );
}
