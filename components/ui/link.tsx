import NextLink from "next/link";
import type { ComponentPropsWithRef } from "react";

/**
 * next/link, fetching the linked page's code when a pointer rests on the link or a finger touches
 * it (what the pages router does with `prefetch={false}`) rather than as soon as the link is on
 * screen: a page that shows twenty links would otherwise download and parse the code of the pages
 * behind them while it is still starting up, on the visitor's data plan. The whole app links
 * through this (ESLint's no-restricted-imports keeps next/link out of the rest).
 */
export function Link({ prefetch = false, ...props }: ComponentPropsWithRef<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
