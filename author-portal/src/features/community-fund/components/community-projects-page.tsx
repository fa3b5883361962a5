import { useState } from 'react';
import {
  COMMUNITY_PROJECT_STATUSES,
  COMMUNITY_PROJECT_STATUS_HE,
  ISRAELI_BANKS,
  type CommunityProjectAdmin,
} from '@mechabrim/contracts';
import { formatPrice, toAgorot } from '@mechabrim/money';
import { useQueryClient } from '@mechabrim/query';
import { ErrorState, Field } from '@mechabrim/ui';
import { EditorForm } from '../../../shared/editor-form';
import { reasonOf } from '../../../shared/errors';
import { strings } from '../../../strings.he';
import {
  communityProjectsKey,
  removeCommunityProject,
  saveCommunityProject,
  useCommunityProjects,
} from '../api/community-projects';
import {
  projectFormValues,
  projectRequestOf,
  type ProjectFormErrors,
  type ProjectFormValues,
} from './project-form-values';

const s = strings.communityFund;
type Notice = { tone: 'done' | 'error'; text: string };
const shekels = (value: number) => formatPrice(toAgorot(value));

function ProjectForm({
  project,
  onDone,
}: {
  project: CommunityProjectAdmin | null;
  onDone: (notice: Notice | null) => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProjectFormValues>(() => projectFormValues(project));
  const [errors, setErrors] = useState<ProjectFormErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof ProjectFormValues) => (event: { target: { value: string } }) =>
    setValues((before) => ({ ...before, [field]: event.target.value }));

  const submit = async () => {
    const request = projectRequestOf(values);
    if (request.errors) {
      setErrors(request.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await saveCommunityProject(project?.id ?? null, request.body);
      await queryClient.invalidateQueries({ queryKey: communityProjectsKey });
      onDone({ tone: 'done', text: s.saved });
    } catch (error) {
      setErrors({ form: s.failed(reasonOf(error, s.loadError)) });
      setBusy(false);
    }
  };

  return (
    <EditorForm
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      failure={errors.form}
      pending={busy}
      labels={s}
      onCancel={() => onDone(null)}
    >
      <Field label={s.name} error={errors.name} required>
        {(control) => <input {...control} value={values.name} onChange={set('name')} />}
      </Field>
      <Field label={s.description} error={errors.description}>
        {(control) => (
          <textarea
            rows={3}
            {...control}
            value={values.description}
            onChange={set('description')}
          />
        )}
      </Field>
      <Field label={s.target} error={errors.target} required latin>
        {(control) => (
          <input inputMode="decimal" {...control} value={values.target} onChange={set('target')} />
        )}
      </Field>
      <fieldset className="ap-profile__group">
        <legend>{s.status}</legend>
        <div className="ap-profile__choices">
          {COMMUNITY_PROJECT_STATUSES.map((status) => (
            <Field key={status} label={COMMUNITY_PROJECT_STATUS_HE[status]} layout="check">
              {(control) => (
                <input
                  type="radio"
                  name="status"
                  value={status}
                  checked={values.status === status}
                  {...control}
                  onChange={set('status')}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <fieldset className="ap-profile__group">
        <legend>{s.bankTitle}</legend>
        <p className="ap-profile__hint">{s.bankHint}</p>
        {project?.bank && (
          <p className="ap-profile__hint">
            {s.bankStored(project.bank.accountMasked, project.bank.bankName)}
          </p>
        )}
        <Field label={s.accountHolder} error={errors.accountHolder}>
          {(control) => (
            <input {...control} value={values.accountHolder} onChange={set('accountHolder')} />
          )}
        </Field>
        <Field label={s.bank} error={errors.bankCode}>
          {(control) => (
            <select {...control} value={values.bankCode} onChange={set('bankCode')}>
              <option value="">{s.chooseBank}</option>
              {ISRAELI_BANKS.map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.name} ({bank.code})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={s.branch} error={errors.branch} latin>
          {(control) => (
            <input
              inputMode="numeric"
              {...control}
              value={values.branch}
              onChange={set('branch')}
            />
          )}
        </Field>
        <Field label={s.account} error={errors.account} latin>
          {(control) => (
            <input
              inputMode="numeric"
              autoComplete="off"
              {...control}
              value={values.account}
              onChange={set('account')}
            />
          )}
        </Field>
        <Field label={s.taxId} error={errors.taxId} latin>
          {(control) => (
            <input
              inputMode="numeric"
              autoComplete="off"
              {...control}
              value={values.taxId}
              onChange={set('taxId')}
            />
          )}
        </Field>
      </fieldset>
    </EditorForm>
  );
}

/** Admins: the community fund's projects (issue 23 item 7) — list, add, edit, remove. */
export function CommunityProjectsPage() {
  const queryClient = useQueryClient();
  const projects = useCommunityProjects();
  const [editing, setEditing] = useState<CommunityProjectAdmin | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const remove = async (project: CommunityProjectAdmin) => {
    try {
      await removeCommunityProject(project.id);
      setNotice({ tone: 'done', text: s.removed });
      await queryClient.invalidateQueries({ queryKey: communityProjectsKey });
    } catch (error) {
      setNotice({ tone: 'error', text: s.failed(reasonOf(error, s.loadError)) });
    }
  };

  let body;
  if (projects.isError) {
    body = (
      <ErrorState
        message={s.loadError}
        onRetry={() => void projects.refetch()}
        retryLabel={s.retry}
      />
    );
  } else if (projects.isPending) {
    body = <p role="status">{strings.loading}</p>;
  } else if (projects.data.length === 0) {
    body = <p>{s.empty}</p>;
  } else {
    body = (
      <ul className="ap-moderation__list">
        {projects.data.map((project) => (
          <li key={project.id} className="ap-card">
            <h2 className="ap-moderation__title">{project.name}</h2>
            <p className="ap-moderation__meta">
              {COMMUNITY_PROJECT_STATUS_HE[project.status]} · {s.received}{' '}
              {shekels(project.received)} / {shekels(project.target)}
            </p>
            {project.description && <p>{project.description}</p>}
            <p className="ap-moderation__meta">
              {project.bank
                ? s.bankStored(project.bank.accountMasked, project.bank.bankName)
                : s.noBank}
            </p>
            <div className="ap-decision__buttons">
              <button type="button" className="mb-button" onClick={() => setEditing(project)}>
                {s.edit}
                <span className="mb-visually-hidden"> {project.name}</span>
              </button>
              {project.received === 0 && (
                <button
                  type="button"
                  className="mb-button"
                  data-variant="ghost"
                  onClick={() => void remove(project)}
                >
                  {s.remove}
                  <span className="mb-visually-hidden"> {project.name}</span>
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="ap-community-title" className="ap-profile">
      <h1 id="ap-community-title" className="ap-title">
        {s.title}
      </h1>
      <p>{s.intro}</p>
      {notice && (
        <p
          className="ap-banner"
          data-tone={notice.tone === 'error' ? 'error' : undefined}
          role="status"
        >
          {notice.text}
        </p>
      )}
      {editing ? (
        <ProjectForm
          key={editing === 'new' ? 'new' : editing.id}
          project={editing === 'new' ? null : editing}
          onDone={(done) => {
            setEditing(null);
            if (done) setNotice(done);
          }}
        />
      ) : (
        <button type="button" className="mb-button" onClick={() => setEditing('new')}>
          {s.add}
        </button>
      )}
      {body}
    </section>
  );
}
