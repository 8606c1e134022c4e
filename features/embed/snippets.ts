import { EMBED_ELEMENT } from "@/features/embed/embed-script";
import { routes } from "@/lib/routes";

/**
 * The two lines an employer copies onto their careers page (issue 66), on the board's public
 * address (`site`: NEXT_PUBLIC_SITE_URL). The frame works with no script anywhere; the web
 * component is drawn by the board's script and holds a plain link to the company's page until
 * then (and for good where scripts are off).
 */
export function embedSnippets(site: string, company: { slug: string; name: string }) {
  const frame = `${site}${routes.companyEmbed(company.slug)}`;
  const page = `${site}${routes.company(company.slug)}`;
  const name = escapeHtml(company.name);
  return {
    frameUrl: frame,
    iframe: `<iframe src="${frame}" title="Jobs at ${name}" width="100%" height="480" style="border:0" loading="lazy"></iframe>`,
    component: `<script src="${site}${routes.embedScript}" async></script><${EMBED_ELEMENT} company="${company.slug}"><a href="${page}">Jobs at ${name}</a></${EMBED_ELEMENT}>`,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
