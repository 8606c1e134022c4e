import { Link } from "@/components/ui/link";
import type { ComponentPropsWithoutRef, Ref } from "react";
import type { NavLink } from "@/components/layout/navigation";

type NavAnchorProps = Omit<ComponentPropsWithoutRef<"a">, "href"> & {
  link: NavLink;
  ref?: Ref<HTMLAnchorElement>;
  /**
   * A plain anchor (a full page load) instead of next/link: for the many links every public page
   * repeats (the footer), which lead to server-rendered pages the cache answers at once. Each
   * next/link is a component with hooks on every render: as next/link, the footer's and the
   * home page's browse grid's 65 links cost an uncached home page a quarter of its throughput.
   */
  plain?: boolean;
};

/** A link from the navigation data: client-side for our routes, a new tab for other sites. */
export function NavAnchor({ link, children, plain = false, ...props }: NavAnchorProps) {
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" {...props}>
        {children ?? link.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  const Anchor = plain ? "a" : Link;
  return (
    <Anchor href={link.href} {...props}>
      {children ?? link.label}
    </Anchor>
  );
}
