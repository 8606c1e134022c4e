import type { ReactNode } from "react";
import type { HeaderTheme } from "@/components/ui/header-theme";

type PageHeaderProps = {
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  theme?: HeaderTheme;
  children?: ReactNode;
};

/** The band at the top of a public page; on violet pages it continues the header's colour. */
export function PageHeader({ title, eyebrow, lead, theme = "light", children }: PageHeaderProps) {
  const violet = theme === "violet";
  return (
    <div
      className={
        violet
          ? "bg-violet-700 bg-linear-to-b from-violet-700 to-violet-800 text-white"
          : "border-b border-gray-100 bg-gray-50"
      }
    >
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-16 lg:px-8">
        {eyebrow && (
          <p
            className={`text-sm font-semibold tracking-wide uppercase ${violet ? "text-violet-200" : "text-violet-700"}`}
          >
            {eyebrow}
          </p>
        )}
        <h1 className="mt-2 max-w-3xl text-2xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h1>
        {lead && (
          <p
            className={`mt-3 max-w-2xl text-base leading-7 text-pretty sm:mt-4 sm:text-lg sm:leading-8 ${violet ? "text-violet-100" : "text-gray-600"}`}
          >
            {lead}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
