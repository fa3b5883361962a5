import {
  communityProjectRequestSchema,
  type CommunityProjectAdmin,
  type CommunityProjectStatus,
} from '@mechabrim/contracts';

/** The project form's fields, as typed. */
export interface ProjectFormValues {
  name: string;
  description: string;
  target: string;
  status: CommunityProjectStatus;
  accountHolder: string;
  bankCode: string;
  branch: string;
  account: string;
  taxId: string;
}

export type ProjectFormErrors = Partial<Record<keyof ProjectFormValues | 'form', string>>;

/** The form's starting values: an account is typed again, never shown in full. */
export function projectFormValues(project: CommunityProjectAdmin | null): ProjectFormValues {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    target: project ? String(project.target) : '',
    status: project?.status ?? 'setting-up',
    accountHolder: project?.bank?.accountHolder ?? '',
    bankCode: project?.bank?.bankCode ?? '',
    branch: project?.bank?.branch ?? '',
    account: '',
    taxId: '',
  };
}

const BANK_FIELDS = ['accountHolder', 'bankCode', 'branch', 'account', 'taxId'] as const;

/**
 * The request body of the form, checked by the API's own schema: `{ body }`, or `{ errors }` by
 * field in the schema's Hebrew. The transfer details are sent when an account number is typed;
 * left empty, a saved project keeps its stored details (the body leaves `bank` out) and a new one
 * has none.
 */
export function projectRequestOf(
  values: ProjectFormValues,
): { body: unknown; errors?: undefined } | { errors: ProjectFormErrors; body?: undefined } {
  const target = values.target.trim() === '' ? undefined : Number(values.target.replace(/,/g, ''));
  const withBank = values.account.trim() !== '';
  const body = {
    name: values.name,
    description: values.description,
    target,
    status: values.status,
    ...(withBank && {
      bank: Object.fromEntries(BANK_FIELDS.map((field) => [field, values[field]])),
    }),
  };
  const parsed = communityProjectRequestSchema.safeParse(body);
  if (parsed.success) return { body };
  const errors: ProjectFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = (issue.path[0] === 'bank' ? issue.path[1] : issue.path[0]) as
      keyof ProjectFormValues | undefined;
    const key = field && field in values ? field : 'form';
    errors[key] ??= issue.message;
  }
  return { errors };
}
