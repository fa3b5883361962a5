import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked by a zod schema from `@mechabrim/contracts`, so the form shows
 * the server's rules in the server's words. Nothing is checked while the visitor first types;
 * after the first submit every change is checked again, so an error clears as soon as the field
 * is fixed. The submitted values are the schema's output (trimmed, lower-cased e-mail, …).
 */
export function useZodForm<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The first invalid field takes the focus, where its error is read out.
    shouldFocusError: true,
  });
}
