import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, createContext, type ReactNode, use, useEffect, useId } from 'react';
import {
  type Control,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useController,
  useForm,
  useFormState,
} from 'react-hook-form';
import type { z } from 'zod';
import type { ServerFailure } from '../lib/errors.ts';
import { describedBy, FormField } from './form-field.tsx';
import { Input, Textarea } from './input.tsx';
import { PasswordInput } from './password-input.tsx';
import { Select } from './select.tsx';
import { ServerAlert } from './server-alert.tsx';

/**
 * The one form pattern: a zod schema (from @tidewise/shared where the server applies the same rules)
 * checks the values, react-hook-form holds them. Nothing is checked while people type the first
 * time; after a submit each change is checked again, and the first field in error takes the focus.
 * Server failures land on the field they name, otherwise in the form's alert (setServerError).
 */

// biome-ignore lint/suspicious/noExplicitAny: any schema whose input and output are objects
export type FormSchema = z.ZodType<FieldValues, any>;

/** What a form holds while people type: the schema's input with every text widened to string (an empty select holds ''). */
type Typed<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? Typed<U>[]
    : T extends Record<string, unknown>
      ? { [K in keyof T]: Typed<T[K]> }
      : T;
export type FormInput<S extends FormSchema> = Typed<z.input<S>> extends infer V extends FieldValues ? V : never;

export type ZodForm<S extends FormSchema> = UseFormReturn<FormInput<S>, unknown, z.output<S>>;

/** A react-hook-form form checked by a zod schema, with the project's defaults (see above). */
export const useZodForm = <S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<FormInput<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> =>
  useForm<FormInput<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    // The resolver is typed on the schema's own input; the form holds the widened one above.
    resolver: zodResolver(schema as never) as unknown as Resolver<FormInput<S>, unknown, z.output<S>>,
  });

/**
 * Refines an object schema: `field` must repeat `other` (a password confirmation). Checked even
 * while other fields are still wrong, so every message shows at once.
 */
export const mustMatch = <S extends z.ZodType<Record<string, unknown>>>(schema: S, field: string, other: string, message: string) =>
  schema.refine((values) => values[field] === values[other], {
    path: [field],
    error: message,
    when: ({ value }) => {
      const values = value as Record<string, unknown> | null;
      return typeof values?.[field] === 'string' && typeof values?.[other] === 'string';
    },
  });

/**
 * True from a successful submit until the next change, for a "Saved." notice: what was saved
 * becomes the form's starting point.
 */
export const useSaved = <T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>) => {
  const { isSubmitSuccessful, submitCount, isDirty } = form.formState;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every successful submit (counted) makes the saved values the new baseline, not only the first
  useEffect(() => {
    if (isSubmitSuccessful) form.reset(form.getValues(), { keepIsSubmitSuccessful: true, keepSubmitCount: true, keepIsSubmitted: true });
  }, [isSubmitSuccessful, submitCount, form]);
  return isSubmitSuccessful && !isDirty;
};

/** Per form (by its control): the fields on screen that show their own error. */
const shownFields = new WeakMap<object, Set<string>>();

/** Marks a field whose error is on screen, so that setServerError may put a server failure there. */
export const useShownField = (control: object, name: string, shown = true) => {
  useEffect(() => {
    if (!shown) return;
    const names = shownFields.get(control) ?? new Set<string>();
    shownFields.set(control, names);
    names.add(name);
    return () => {
      names.delete(name);
    };
  }, [control, name, shown]);
};

/**
 * Shows a server failure: on the field it names when that field is on screen with its error
 * (the field takes the focus), otherwise in the form's <FormAlert>. A plain message goes to the alert.
 */
export const setServerError = <T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'setFocus' | 'control'>,
  failure: ServerFailure | string | null,
): boolean => {
  if (!failure) return false;
  const { message, field } = typeof failure === 'string' ? { message: failure, field: null } : failure;
  const name = field?.replace(/^input\./, '');
  if (name && shownFields.get(form.control)?.has(name)) {
    form.setError(name as FieldPath<T>, { type: 'server', message });
    form.setFocus(name as FieldPath<T>);
  } else {
    form.setError('root.server', { type: 'server', message });
  }
  return true;
};

const FieldIdPrefix = createContext<string | undefined>(undefined);

/** A <form> that submits through the schema; `idPrefix` names its fields' ids (`<idPrefix>-<name>`). */
export const Form = <T extends FieldValues, O>({
  form,
  onSubmit,
  idPrefix,
  children,
  ...props
}: {
  form: UseFormReturn<T, unknown, O>;
  onSubmit: SubmitHandler<O>;
  idPrefix?: string;
  children: ReactNode;
} & Omit<ComponentProps<'form'>, 'onSubmit' | 'children'>) => (
  <FieldIdPrefix value={idPrefix}>
    <form noValidate {...props} onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      {children}
    </form>
  </FieldIdPrefix>
);

/** The id of a field's control: given, or `<idPrefix>-<name>` inside a <Form idPrefix>, or a unique one. */
export const useFieldId = (name: string, id?: string) => {
  const prefix = use(FieldIdPrefix);
  const fallback = useId();
  return id ?? `${prefix ?? fallback}-${name}`;
};

// biome-ignore lint/suspicious/noExplicitAny: the transformed values do not matter to a field
type AnyControl<T extends FieldValues> = Control<T, any, any>;

/** The form's red alert, for failures that name no field of the form. */
export const FormAlert = <T extends FieldValues>({ control, title }: { control: AnyControl<T>; title?: string }) => {
  const { errors } = useFormState({ control });
  return <ServerAlert message={errors.root?.server?.message} title={title} />;
};

type FieldProps<T extends FieldValues, N extends FieldPath<T>> = {
  control: AnyControl<T>;
  name: N;
  label: string;
  id?: string;
  hint?: ReactNode;
  optional?: boolean;
  /** Classes of the field's wrapper (label, control and messages); `className` styles the control. */
  fieldClassName?: string;
  /** Ids of other elements that describe the control (a strength meter), read before hint and error. */
  describedBy?: string;
  /** False for a control that shows its problem itself (a password beside its strength meter). */
  showError?: boolean;
  /** Fields checked again when this one changes after a submit (a confirmation that repeats it). */
  deps?: FieldPath<T>[];
  /** A problem from outside the form (its options failed to load), shown while the field has none of its own. */
  externalError?: string | null;
};

/** Props to spread on the control of a <Field>: value and handlers, id, and the ARIA links to hint and error. */
export type FieldControlProps<T extends FieldValues, N extends FieldPath<T>> = ControllerRenderProps<T, N> & {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * One field on ui/form-field.tsx (label, hint, inline error) bound to the form; `render` draws the
 * control with the props it is given. TextField, PasswordField, TextareaField and SelectField cover
 * the usual controls.
 */
export const Field = <T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  id,
  hint,
  optional,
  fieldClassName,
  describedBy: described,
  showError = true,
  deps,
  externalError,
  render,
}: FieldProps<T, N> & { render: (props: FieldControlProps<T, N>) => ReactNode }) => {
  const fieldId = useFieldId(name, id);
  const { field, fieldState } = useController({ control, name, rules: deps ? { deps } : undefined });
  useShownField(control, name, showError);
  const invalid = fieldState.invalid || undefined;
  const error = showError ? (fieldState.error?.message ?? externalError ?? undefined) : undefined;
  const ids = [described, describedBy(fieldId, { hint, error })].filter(Boolean).join(' ') || undefined;
  return (
    <FormField id={fieldId} label={label} hint={hint} error={error} optional={optional} className={fieldClassName}>
      {render({ ...field, id: fieldId, 'aria-invalid': invalid, 'aria-describedby': ids })}
    </FormField>
  );
};

type ControlAttributes<E extends 'input' | 'textarea' | 'select'> = Omit<
  ComponentProps<E>,
  'name' | 'id' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'children'
>;

/** Splits a wrapper's props into the field's own and the attributes for its control. */
const splitProps = <T extends FieldValues, N extends FieldPath<T>, R>({
  control,
  name,
  label,
  id,
  hint,
  optional,
  fieldClassName,
  describedBy,
  showError,
  deps,
  externalError,
  ...attributes
}: FieldProps<T, N> & R): [FieldProps<T, N>, Omit<FieldProps<T, N> & R, keyof FieldProps<T, N>>] => [
  { control, name, label, id, hint, optional, fieldClassName, describedBy, showError, deps, externalError },
  attributes,
];

export const TextField = <T extends FieldValues, N extends FieldPath<T>>(props: FieldProps<T, N> & ControlAttributes<'input'>) => {
  const [field, input] = splitProps(props);
  return <Field {...field} render={(bound) => <Input {...input} {...bound} value={bound.value ?? ''} />} />;
};

export const PasswordField = <T extends FieldValues, N extends FieldPath<T>>(
  props: FieldProps<T, N> & Omit<ControlAttributes<'input'>, 'type'>,
) => {
  const [field, input] = splitProps(props);
  return <Field {...field} render={(bound) => <PasswordInput {...input} {...bound} value={bound.value ?? ''} />} />;
};

export const TextareaField = <T extends FieldValues, N extends FieldPath<T>>(props: FieldProps<T, N> & ControlAttributes<'textarea'>) => {
  const [field, textarea] = splitProps(props);
  return <Field {...field} render={(bound) => <Textarea {...textarea} {...bound} value={bound.value ?? ''} />} />;
};

/** A select; its options are the children. */
export const SelectField = <T extends FieldValues, N extends FieldPath<T>>({
  children,
  ...props
}: FieldProps<T, N> & ControlAttributes<'select'> & { children: ReactNode }) => {
  const [field, select] = splitProps(props);
  return (
    <Field
      {...field}
      render={(bound) => (
        <Select {...select} {...bound} value={bound.value ?? ''}>
          {children}
        </Select>
      )}
    />
  );
};
