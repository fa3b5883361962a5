import { coverTemplateQuerySchema } from '@mechabrim/contracts';
import {
  MAX_PAGES,
  MIN_PAGES,
  PAPER_TYPE_NAMES,
  PRINTING_TYPES,
  READING_DIRECTIONS,
  TRIM_SIZE_NAMES,
} from '@mechabrim/print-specs';
import { Field } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { useCoverTemplate } from '../api/upload-book';
import type { UploadSectionProps } from './upload-form';

const s = strings.upload;

/** The print options the cover template is drawn for (as typed so far). */
export interface TemplateOptions {
  pages: string;
  size: string;
  paper: string;
  direction: string;
}

/** The cover template's measures for the chosen options, or why there are none yet. */
function CoverTemplateNote({ pages, size, paper, direction }: TemplateOptions) {
  const query = coverTemplateQuerySchema.safeParse({ pages, size, paper, direction });
  const template = useCoverTemplate(query.success ? query.data : null);
  let text: string;
  if (!query.success)
    text =
      pages.trim() === '' ? s.templateNeedsPages : s.templatePagesOutOfRange(MIN_PAGES, MAX_PAGES);
  else if (template.isError) text = s.templateFailed;
  else if (template.isPending) text = s.templateLoading;
  else text = template.data.summary;
  return (
    <section className="ap-card ap-upload__template" aria-labelledby="ap-upload-template">
      <h2 id="ap-upload-template">{s.template}</h2>
      <p role="status" data-testid="cover-template">
        {text}
      </p>
    </section>
  );
}

/** How the book is printed: pages, size, direction, paper, printing, binding; the cover's template. */
export function PrintOptionsFields({
  register,
  errors,
  template,
}: UploadSectionProps & { template: TemplateOptions }) {
  return (
    <fieldset className="ap-card ap-upload__group">
      <legend>{s.print}</legend>
      <Field label={s.pages} hint={s.pagesHint} error={errors.pages?.message}>
        {(control) => (
          <input
            inputMode="numeric"
            {...control}
            {...register('pages', {
              setValueAs: (value: string) => (value === '' ? undefined : value),
            })}
          />
        )}
      </Field>
      <Field label={s.size} error={errors.size?.message}>
        {(control) => (
          <select {...control} {...register('size')}>
            {TRIM_SIZE_NAMES.map((name) => (
              <option key={name} value={name}>
                {s.sizes[name] ?? name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={s.direction} error={errors.readingFormat?.message}>
        {(control) => (
          <select {...control} {...register('readingFormat')}>
            {READING_DIRECTIONS.map((name) => (
              <option key={name} value={name}>
                {s.directions[name] ?? name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={s.paper} error={errors.paperType?.message}>
        {(control) => (
          <select {...control} {...register('paperType')}>
            {PAPER_TYPE_NAMES.map((name) => (
              <option key={name} value={name}>
                {s.papers[name] ?? name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={s.printing} error={errors.printingType?.message}>
        {(control) => (
          <select {...control} {...register('printingType')}>
            {PRINTING_TYPES.map((name) => (
              <option key={name} value={name}>
                {s.printings[name] ?? name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={s.binding} hint={s.bindingHint}>
        {(control) => (
          <select {...control} disabled value="soft">
            <option value="soft">{s.softCover}</option>
          </select>
        )}
      </Field>
      <CoverTemplateNote {...template} />
    </fieldset>
  );
}
