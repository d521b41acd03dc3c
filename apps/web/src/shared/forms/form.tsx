/**
 * The one way a form is made: react-hook-form with the domain's zod schema as its resolver (the
 * shape of bulletproof-react's components/ui/form). Error messages are translation keys, as the
 * schemas give them; `error(name)` reads a field's in the visitor's language. The submit handler
 * gets the parsed values and the form, for errors the server answers with.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps, ReactNode } from 'react';
import { FormProvider, useForm, type FieldPath, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type FormMethods<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

export interface FormProps<S extends FormSchema> extends Omit<ComponentProps<'form'>, 'onSubmit' | 'children'> {
  schema: S;
  /** Default values, mode and the rest of useForm's options; the resolver is the schema's. */
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>;
  onSubmit: (values: z.output<S>, form: FormMethods<S>) => unknown;
  children: (form: FormMethods<S>, error: (name: FieldPath<z.input<S>>) => string | undefined) => ReactNode;
}

export function Form<S extends FormSchema>({ schema, options, onSubmit, children, ...props }: FormProps<S>) {
  const { t } = useTranslation();
  const form = useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema as never) as never });
  const error = (name: FieldPath<z.input<S>>) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return message ? t(message) : undefined;
  };
  return (
    <FormProvider {...form}>
      <form noValidate {...props} onSubmit={form.handleSubmit((values) => onSubmit(values, form))}>
        {children(form, error)}
      </form>
    </FormProvider>
  );
}
