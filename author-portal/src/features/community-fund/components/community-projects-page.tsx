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
import type { Notice } from '../../../shared/notice';

const s = strings.communityFund;
const shekels = (value: number) => formatPrice(toAgorot(value));

type ProjectFormProps = {
  project: CommunityProjectAdmin | null;
  onDone: (notice: Notice | null) => void;
};

/** Change handler for one field of the form's values. */
type SetField = (field: keyof ProjectFormValues) => (event: { target: { value: string } }) => void;

/** The form's values and errors, and saving them (a new project when there is none yet). */
function useProjectForm({ project, onDone }: ProjectFormProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProjectFormValues>(() => projectFormValues(project));
  const [errors, setErrors] = useState<ProjectFormErrors>({});
  const [busy, setBusy] = useState(false);
  const set: SetField = (field) => (event) =>
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

  return { values, errors, busy, set, submit };
}

type ProjectFieldsProps = {
  values: ProjectFormValues;
  errors: ProjectFormErrors;
  set: SetField;
};

function ProjectStatusChoices({ values, set }: Omit<ProjectFieldsProps, 'errors'>) {
  return (
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
  );
}

type ProjectBankFieldsProps = ProjectFieldsProps & { project: CommunityProjectAdmin | null };

/** Where the fund pays the project; the stored account shows masked only. */
function ProjectBankFields({ project, values, errors, set }: ProjectBankFieldsProps) {
  return (
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
          <input inputMode="numeric" {...control} value={values.branch} onChange={set('branch')} />
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
  );
}

function ProjectForm({ project, onDone }: ProjectFormProps) {
  const { values, errors, busy, set, submit } = useProjectForm({ project, onDone });

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
      <ProjectStatusChoices values={values} set={set} />
      <ProjectBankFields project={project} values={values} errors={errors} set={set} />
    </EditorForm>
  );
}

type ProjectItemProps = {
  project: CommunityProjectAdmin;
  onEdit: (project: CommunityProjectAdmin) => void;
  onRemove: (project: CommunityProjectAdmin) => Promise<void>;
};

function ProjectItem({ project, onEdit, onRemove }: ProjectItemProps) {
  return (
    <li className="ap-card">
      <h2 className="ap-moderation__title">{project.name}</h2>
      <p className="ap-moderation__meta">
        {COMMUNITY_PROJECT_STATUS_HE[project.status]} · {s.received} {shekels(project.received)} /{' '}
        {shekels(project.target)}
      </p>
      {project.description && <p>{project.description}</p>}
      <p className="ap-moderation__meta">
        {project.bank ? s.bankStored(project.bank.accountMasked, project.bank.bankName) : s.noBank}
      </p>
      <div className="ap-decision__buttons">
        <button type="button" className="mb-button" onClick={() => onEdit(project)}>
          {s.edit}
          <span className="mb-visually-hidden"> {project.name}</span>
        </button>
        {project.received === 0 && (
          <button
            type="button"
            className="mb-button"
            data-variant="ghost"
            onClick={() => void onRemove(project)}
          >
            {s.remove}
            <span className="mb-visually-hidden"> {project.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}

type ProjectListProps = Omit<ProjectItemProps, 'project'> & {
  projects: ReturnType<typeof useCommunityProjects>;
};

/** The projects, or why there are none to show. */
function ProjectList({ projects, onEdit, onRemove }: ProjectListProps) {
  if (projects.isError) {
    return (
      <ErrorState
        message={s.loadError}
        onRetry={() => void projects.refetch()}
        retryLabel={s.retry}
      />
    );
  }
  if (projects.isPending) return <p role="status">{strings.loading}</p>;
  if (projects.data.length === 0) return <p>{s.empty}</p>;
  return (
    <ul className="ap-moderation__list">
      {projects.data.map((project) => (
        <ProjectItem key={project.id} project={project} onEdit={onEdit} onRemove={onRemove} />
      ))}
    </ul>
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
      <ProjectList projects={projects} onEdit={setEditing} onRemove={remove} />
    </section>
  );
}
