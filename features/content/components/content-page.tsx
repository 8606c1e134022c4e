import type { ReactNode } from "react";
import { Seo } from "@/components/seo";
import type { HeaderTheme } from "@/components/ui/header-theme";
import { PageHeader } from "@/components/ui/page-header";
import type { Card } from "@/lib/og/address";

type ContentPageProps = {
  title: string;
  /** The title in the head and on social cards, when it says more than the heading. */
  headTitle?: string;
  description: string;
  /** Canonical path; leave out for pages search engines should skip. */
  path?: string;
  eyebrow?: string;
  theme?: HeaderTheme;
  /** The page's social card (lib/og/address.ts). */
  card?: Card;
  children?: ReactNode;
};

/** A public page's head tags and title band, with its body below. */
export function ContentPage({
  title,
  headTitle,
  description,
  path,
  eyebrow,
  theme,
  card,
  children,
}: ContentPageProps) {
  return (
    <>
      <Seo
        title={headTitle ?? title}
        description={description}
        path={path}
        noIndex={path === undefined}
        card={card}
      />
      <PageHeader title={title} eyebrow={eyebrow} lead={description} theme={theme} />
      {children && <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">{children}</div>}
    </>
  );
}
