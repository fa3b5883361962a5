import { printQuoteQuerySchema } from '@mechabrim/contracts';
import { BOOK_CATEGORIES } from '@mechabrim/contracts/src/terms';
import { Field } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { PriceCalculator, type QuoteState } from '../../../shared/price-calculator';
import { usePrintQuote } from '../api/print-quote';
import type { UploadSectionProps } from './upload-form';

const s = strings.upload;

/** The print options the price calculator quotes for (as typed so far). */
export interface QuotedOptions {
  price: string;
  pages: string;
  size: string;
  paper: string;
  printing: string;
}

/** The price calculator fed by the print partner's quote for the chosen options. */
function QuotedPriceCalculator({ price, pages, size, paper, printing }: QuotedOptions) {
  const query = printQuoteQuerySchema.safeParse({ pages, size, paper, printing });
  const quote = usePrintQuote(query.success ? query.data : null);
  const state: QuoteState = !query.success
    ? 'needs-pages'
    : quote.isError
      ? 'failed'
      : quote.isPending
        ? 'loading'
        : 'pending';
  return <PriceCalculator price={price} quote={quote.data ?? null} state={state} />;
}

/** The book's details: title, description, price (with its calculator), category, tags, ISBN. */
export function BookDetailsFields({
  register,
  errors,
  quoted,
}: UploadSectionProps & { quoted: QuotedOptions }) {
  return (
    <fieldset className="ap-card ap-upload__group">
      <legend>{s.details}</legend>
      <Field label={s.bookTitle} error={errors.title?.message} required>
        {(control) => <input {...control} {...register('title')} />}
      </Field>
      <Field label={s.description} error={errors.description?.message}>
        {(control) => <textarea rows={6} {...control} {...register('description')} />}
      </Field>
      <div className="ap-upload__price">
        <Field label={s.price} error={errors.price?.message} required>
          {(control) => (
            <input type="text" inputMode="decimal" {...control} {...register('price')} />
          )}
        </Field>
        <QuotedPriceCalculator {...quoted} />
      </div>
      <Field label={s.category} error={errors.category?.message} required>
        {(control) => (
          <select {...control} {...register('category')}>
            <option value="">{s.chooseCategory}</option>
            {BOOK_CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={s.tags} hint={s.tagsHint} error={errors.tags?.message}>
        {(control) => <input {...control} {...register('tags')} />}
      </Field>
      <Field label={s.language} error={errors.language?.message}>
        {(control) => <input {...control} {...register('language')} />}
      </Field>
      <Field label={s.isbn} error={errors.isbn?.message} latin>
        {(control) => <input inputMode="numeric" {...control} {...register('isbn')} />}
      </Field>
    </fieldset>
  );
}
