import { Link } from "@/components/ui/link";
import type { ComponentProps, ReactNode } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-violet-600 text-white shadow-xs hover:bg-violet-700 focus-visible:outline-violet-600",
  secondary:
    "bg-white text-gray-900 shadow-xs ring-1 ring-gray-300 hover:bg-gray-50 focus-visible:outline-violet-600",
  // Red only when it can be pressed: a disabled one (nothing chosen yet) is grey (issue 42).
  danger:
    "bg-red-600 text-white shadow-xs hover:bg-red-700 focus-visible:outline-red-600 disabled:bg-gray-100 disabled:hover:bg-gray-100 disabled:text-gray-500 disabled:opacity-100 disabled:shadow-none disabled:ring-1 disabled:ring-gray-200",
  ghost: "text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-violet-600",
};

const sizes: Record<ButtonSize, string> = {
  sm: "px-3 py-2 text-sm",
  md: "px-4 py-2.5 text-sm",
  lg: "px-4 py-3 text-sm",
};

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

/** The classes of a button of this variant and size: for the rare control that is neither. */
export function buttonClass({ variant = "primary", size = "md", className }: StyleProps = {}) {
  return [base, variants[variant], sizes[size], className].filter(Boolean).join(" ");
}

type ButtonProps = StyleProps &
  Omit<ComponentProps<"button">, "className"> & {
    /** While a request runs: the button stays focusable and says so (aria-disabled), clicks do nothing. */
    busy?: boolean;
  };

/** A button: violet primary, white secondary, red danger or a quiet ghost; every one shows its focus. */
export function Button({
  variant,
  size,
  className,
  busy = false,
  type = "button",
  onClick,
  ...button
}: ButtonProps) {
  return (
    <button
      {...button}
      type={type}
      aria-disabled={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
      className={buttonClass({ variant, size, className })}
    />
  );
}

type ButtonLinkProps = StyleProps &
  Omit<ComponentProps<typeof Link>, "className"> & { children: ReactNode };

/** A link that looks like a button (it goes somewhere; a Button does something). */
export function ButtonLink({ variant, size, className, ...link }: ButtonLinkProps) {
  return <Link {...link} className={buttonClass({ variant, size, className })} />;
}

export const primaryButtonClass = buttonClass({ variant: "primary" });
export const secondaryButtonClass = buttonClass({ variant: "secondary", size: "sm" });
export const dangerButtonClass = buttonClass({ variant: "danger" });
