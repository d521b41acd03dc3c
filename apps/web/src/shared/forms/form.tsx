/**
 * The one way a form is made: react-hook-form with the domain's zod schema as its resolver (the
 * shape of bulletproof-react's components/ui/form). Error messages are translation keys, as the
 * schemas give them; `error(name)` reads a field's in the visitor's language. The submit handler
 * gets the parsed values and the form, for errors the server answers with.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps, ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors, type FieldPath, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../i18n';
import { z } from 'zod';

export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type FormMethods<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

export interface FormProps<S extends FormSchema> extends Omit<ComponentProps<'form'>, 'onSubmit' | 'onInvalid' | 'children'> {
  schema: S;
  /** Default values, mode and the rest of useForm's options; the resolver is the schema's. */
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>;
  onSubmit: (values: z.output<S>, form: FormMethods<S>) => unknown;
  /** Called instead of onSubmit when the schema refuses, for a form that says its problem in one place. */
  onInvalid?: (errors: FieldErrors<z.input<S>>) => void;
  children: (form: FormMethods<S>, error: (name: FieldPath<z.input<S>>) => string | undefined) => ReactNode;
}

export function Form<S extends FormSchema>({ schema, options, onSubmit, onInvalid, children, ...props }: FormProps<S>) {
  // Every message names its namespace ("common:validation.required"): the form asks for no texts of
  // its own, so hydrating it never waits for a namespace the page does not carry.
  const { t } = useTranslation('common');
  const form = useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema as never) as never });
  const error = (name: FieldPath<z.input<S>>) => {
    const message = form.getFieldState(name, form.formState).error?.message;
    return message ? t(message) : undefined;
  };
  return (
    <FormProvider {...form}>
      <form noValidate {...props} onSubmit={form.handleSubmit((values) => onSubmit(values, form), onInvalid)}>
        {children(form, error)}
      </form>
    </FormProvider>
  );
}

/**
 * The schema of a form whose fields are what staff type (money in roubles, a number not yet a
 * number, an empty text for none), checked by the domain schema the API route uses: `toRequest`
 * builds the request from the fields, the domain's issues land on the fields of the same names
 * (and on the request's own names, for a form that shows them in one place), and the submit
 * handler gets the parsed request.
 */
export function requestSchema<V extends FieldValues, S extends z.ZodType<FieldValues>>(domain: S, toRequest: (values: V) => z.input<S>) {
  return z.custom<V>().transform((values, ctx): z.output<S> => {
    const result = domain.safeParse(toRequest(values));
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return result.data;
  });
}

/** The first refusal's message key of a form's errors, in the order the schema found them. */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    // A field's own error has a type; anything else is the errors of an object's or a list's fields.
    if (typeof value.type === 'string') {
      if (typeof value.message === 'string' && value.message) return value.message;
      continue;
    }
    const nested = firstErrorMessage(value as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}
