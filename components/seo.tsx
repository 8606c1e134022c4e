import Head from "next/head";
import { scriptJson } from "@/lib/script-json";
import { CARD_HEIGHT, CARD_WIDTH, cardUrl, type Card } from "@/lib/og/address";
import { boardSettings } from "@/lib/board-settings";
import { SITE_URL } from "@/lib/site";

/** A picture for link previews: an address on this site (a path) or elsewhere, and its size. */
export type SeoImage = { url: string; alt: string; width?: number; height?: number };

type SeoProps = {
  title: string;
  description: string;
  /** Path of the canonical URL; omit on pages that should not be indexed. */
  path?: string;
  noIndex?: boolean;
  /** Open Graph type: "article" for blog posts. */
  ogType?: "website" | "article";
  /** The page's social card (lib/og/address.ts; built by its feature's og-card.ts): its og:image, from the page's facts. */
  card?: Card;
  /** Any other picture for link previews; `card` wins when both are given. */
  image?: SeoImage;
};

const cardImage = (card: Card): SeoImage => ({
  url: cardUrl(card),
  alt: card.alt,
  width: CARD_WIDTH,
  height: CARD_HEIGHT,
});

export function Seo({
  title,
  description,
  path,
  noIndex = false,
  ogType = "website",
  card,
  image: picture,
}: SeoProps) {
  const siteName = boardSettings().name;
  const fullTitle = title.includes(siteName) ? title : `${title} | ${siteName}`;
  const url = path === undefined ? undefined : `${SITE_URL}${path === "/" ? "" : path}`;
  const image = card ? cardImage(card) : picture;
  const imageUrl = image && (image.url.startsWith("/") ? `${SITE_URL}${image.url}` : image.url);
  return (
    <Head>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={ogType} />
      {url && <meta property="og:url" content={url} />}
      {url && <link rel="canonical" href={url} />}
      {noIndex && <meta name="robots" content="noindex" />}
      {image && <meta property="og:image" content={imageUrl} />}
      {image?.width && <meta property="og:image:width" content={String(image.width)} />}
      {image?.height && <meta property="og:image:height" content={String(image.height)} />}
      {image && <meta property="og:image:alt" content={image.alt} />}
      {image && <meta name="twitter:card" content="summary_large_image" />}
      {image && <meta name="twitter:image" content={imageUrl} />}
      {image && <meta name="twitter:image:alt" content={image.alt} />}
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
