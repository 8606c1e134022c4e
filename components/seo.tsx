import Head from "next/head";
import { scriptJson } from "@/lib/job-posting-json-ld";
import { SITE_NAME, SITE_URL } from "@/lib/site";

type SeoProps = {
  title: string;
  description: string;
  /** Path of the canonical URL; omit on pages that should not be indexed. */
  path?: string;
  noIndex?: boolean;
  /** Open Graph type: "article" for blog posts. */
  ogType?: "website" | "article";
};

export function Seo({ title, description, path, noIndex = false, ogType = "website" }: SeoProps) {
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const url = path === undefined ? undefined : `${SITE_URL}${path === "/" ? "" : path}`;
  return (
    <Head>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={ogType} />
      {url && <meta property="og:url" content={url} />}
      {url && <link rel="canonical" href={url} />}
      {noIndex && <meta name="robots" content="noindex" />}
    </Head>
  );
}

/** Structured data (schema.org JSON-LD) in the page's head, for search engines. */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <Head>
      <script
        type="application/ld+json"
        // JSON-LD must be raw JSON in the element; scriptJson escapes anything that could end it.
        dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
      />
    </Head>
  );
}
