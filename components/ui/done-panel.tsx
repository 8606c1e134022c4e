import { CheckCircleIcon } from "@heroicons/react/24/outline";
import { useEffect, useRef, type ComponentType, type ReactNode } from "react";

/**
 * What replaces a form once it is sent. The form is gone, so focus moves to this heading and
 * screen readers hear it.
 */
export function DonePanel({
  title,
  icon: Icon = CheckCircleIcon,
  className = "",
  children,
}: {
  title: string;
  icon?: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  className?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="status"
      className={`rounded-2xl bg-emerald-50 p-6 text-emerald-900 ring-1 ring-emerald-200 ${className}`}
    >
      <Icon aria-hidden="true" className="size-8 text-emerald-600" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-lg font-semibold focus:outline-none">
        {title}
      </h2>
      {children}
    </div>
  );
}
