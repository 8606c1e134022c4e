import {
  Description,
  Field,
  Input,
  Label,
  Select,
  Switch,
  Textarea,
  type InputProps,
  type SelectProps,
  type TextareaProps,
} from "@headlessui/react";
import type { ReactNode } from "react";

const controlClass =
  "mt-2 block w-full rounded-lg bg-white px-3 py-2 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-violet-600 data-invalid:outline-red-500 [&[readonly]]:bg-gray-50 [&[readonly]]:text-gray-700 sm:text-sm";

type FieldFrameProps = {
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
};

/**
 * A labelled form field: its hint and, when the server or the form refused the value, the error
 * right under it, both tied to the control for screen readers by Headless UI's Field.
 */
function FieldFrame({ label, hint, error, children }: FieldFrameProps) {
  return (
    <Field>
      <Label className="block text-sm font-medium text-gray-900">{label}</Label>
      {children}
      {hint && !error && <Description className="mt-1.5 text-sm text-gray-500">{hint}</Description>}
      {error && (
        <Description className="mt-1.5 text-sm font-medium text-red-700">{error}</Description>
      )}
    </Field>
  );
}

export function TextField({
  label,
  hint,
  error,
  ...input
}: Omit<FieldFrameProps, "children"> & InputProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      <Input {...input} invalid={Boolean(error)} className={controlClass} />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  ...textarea
}: Omit<FieldFrameProps, "children"> & TextareaProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      <Textarea {...textarea} invalid={Boolean(error)} className={controlClass} />
    </FieldFrame>
  );
}

/** A labelled select; `options` are its choices in order. */
export function SelectField({
  label,
  hint,
  error,
  options,
  ...select
}: Omit<FieldFrameProps, "children"> &
  SelectProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      <Select {...select} invalid={Boolean(error)} className={controlClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FieldFrame>
  );
}

type ToggleFieldProps = {
  label: string;
  hint?: string;
  error?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** An on/off setting: a switch beside its label and hint. */
export function ToggleField({ label, hint, error, checked, onChange }: ToggleFieldProps) {
  return (
    <Field className="flex items-start justify-between gap-6">
      <span className="flex flex-col">
        <Label className="text-sm font-medium text-gray-900">{label}</Label>
        {hint && <Description className="mt-1 text-sm text-gray-500">{hint}</Description>}
        {error && (
          <Description className="mt-1 text-sm font-medium text-red-700">{error}</Description>
        )}
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-gray-200 p-0.5 transition-colors duration-200 ease-in-out focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 data-checked:bg-violet-600"
      >
        <span
          aria-hidden="true"
          className="size-5 rounded-full bg-white shadow-sm ring-1 ring-gray-900/5 transition duration-200 ease-in-out group-data-checked:translate-x-5"
        />
      </Switch>
    </Field>
  );
}

/** The button classes now live with the Button component; kept here for older imports. */
export { primaryButtonClass, secondaryButtonClass } from "@/components/ui/button";

/** A card-like section of a profile screen, with a heading and a short explanation. */
export function FormSection({
  title,
  lead,
  children,
  id,
}: {
  title: string;
  lead?: string;
  children: ReactNode;
  /** For links to the section (scrolled to with room above it). */
  id?: string;
}) {
  return (
    <section
      id={id}
      className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6"
    >
      <h2 className="text-base font-semibold text-gray-900">{title}</h2>
      {lead && <p className="mt-1 text-sm text-gray-600">{lead}</p>}
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}
