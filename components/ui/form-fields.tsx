import type { InputProps, SelectProps, TextareaProps } from "@headlessui/react";
import {
  get,
  useFormContext,
  useFormState,
  useWatch,
  type FieldValues,
  type RegisterOptions,
} from "react-hook-form";
import { MarkdownField } from "@/components/ui/markdown-field";
import { SelectField, TextAreaField, TextField } from "@/components/ui/form-controls";

/*
 * Fields of a react-hook-form form (inside its FormProvider): each registers itself by `name`
 * (a path such as "job.title") and shows the error the form holds for that path, client-side
 * or from the server (setError), next to the field.
 */

type Registered = {
  /** The field's path in the form's values. */
  name: string;
  label: string;
  hint?: string;
  /** react-hook-form's register options (setValueAs, valueAsNumber…), rarely needed. */
  rules?: RegisterOptions<FieldValues, string>;
};

/** The message the form holds for the field at `name` (a path) among `errors`, if any. */
export function fieldErrorMessage(errors: FieldValues, name: string): string | undefined {
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === "string" && error.message !== "" ? error.message : undefined;
}

/** The field's register props and its error message, read from the surrounding form. */
export function useFormField(name: string, rules?: RegisterOptions<FieldValues, string>) {
  const { register, control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return { registered: register(name, rules), error: fieldErrorMessage(errors, name) };
}

type Without<T> = Omit<T, "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "invalid">;

export function FormTextField({ name, rules, ...input }: Registered & Without<InputProps>) {
  const { registered, error } = useFormField(name, rules);
  return <TextField {...input} {...registered} error={error} />;
}

export function FormTextAreaField({
  name,
  rules,
  ...textarea
}: Registered & Without<TextareaProps>) {
  const { registered, error } = useFormField(name, rules);
  return <TextAreaField {...textarea} {...registered} error={error} />;
}

export function FormSelectField({
  name,
  rules,
  ...select
}: Registered & Without<SelectProps> & { options: readonly { value: string; label: string }[] }) {
  const { registered, error } = useFormField(name, rules);
  return <SelectField {...select} {...registered} error={error} />;
}

/** The Markdown description with its Write / Preview tabs; the preview follows what is typed. */
export function FormMarkdownField({
  name,
  rules,
  hint,
  ...textarea
}: Registered & { hint: string } & Without<TextareaProps>) {
  const { registered, error } = useFormField(name, rules);
  const { control } = useFormContext();
  const markdown = useWatch({ control, name }) as string | undefined;
  return (
    <MarkdownField
      {...textarea}
      {...registered}
      hint={hint}
      markdown={markdown ?? ""}
      error={error}
    />
  );
}
