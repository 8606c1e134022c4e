import Link from "next/link";
import type { ComponentPropsWithoutRef, Ref } from "react";
import type { NavLink } from "@/components/layout/navigation";

type NavAnchorProps = Omit<ComponentPropsWithoutRef<"a">, "href"> & {
  link: NavLink;
  ref?: Ref<HTMLAnchorElement>;
};

/** A link from the navigation data: client-side for our routes, a new tab for other sites. */
export function NavAnchor({ link, children, ...props }: NavAnchorProps) {
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" {...props}>
        {children ?? link.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link href={link.href} {...props}>
      {children ?? link.label}
    </Link>
  );
}
