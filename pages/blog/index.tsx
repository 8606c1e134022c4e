import type { GetServerSideProps } from "next";
import Head from "next/head";
import { Link } from "@/components/ui/link";
import { PostCard } from "@/features/content/components/post-card";
import { ContentPage } from "@/features/content/components/content-page";
import { blogCard } from "@/features/content/og-cards";
import { PAGE_COPY } from "@/features/content/page-copy";
import { pageQuery } from "@/lib/page-params";
import { tagLabel } from "@/features/content/post-types";
import { routes } from "@/lib/routes";
import { pageOfPosts, type PostPage } from "@/features/content/server/posts";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { getDatabase } from "@/lib/server/db";
import { PageLinks } from "@/components/ui/page-links";

const single = (value: string | string[] | undefined) =>
  typeof value === "string" ? value : undefined;

export const getServerSideProps: GetServerSideProps<PostPage> = async ({ query, res }) => {
  const known = pageQuery("/blog", query);
  const pageParam = single(known.page);
  const page =
    pageParam === undefined ? 1 : /^[1-9]\d{0,3}$/.test(pageParam) ? Number(pageParam) : 0;
  const result = page
    ? await pageOfPosts(await getDatabase(), page, single(known.tag) ?? null)
    : null;
  if (!result) return { notFound: true };
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.list);
  return { props: result };
};

const blogHref = (tag: string | null, page = 1) => {
  const params = new URLSearchParams();
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${routes.blog}?${query}` : routes.blog;
};

const chipClass =
  "rounded-full px-3 py-1 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600";

export default function BlogPage({ posts, page, pageCount, tag, tags }: PostPage) {
  const title = `${tag ? `${tagLabel(tag)}: articles` : PAGE_COPY.blog.title}${page > 1 ? ` – page ${page}` : ""}`;
  return (
    <ContentPage
      eyebrow={PAGE_COPY.blog.eyebrow}
      title={title}
      description={PAGE_COPY.blog.description}
      path={blogHref(tag, page)}
      card={blogCard(tags)}
    >
      <Head>
        <link rel="alternate" type="application/rss+xml" title="Blog" href={routes.blogFeed} />
      </Head>
      <nav aria-label="Topics" className="flex flex-wrap gap-2">
        {[null, ...tags].map((entry) => (
          <Link
            key={entry ?? "all"}
            href={blogHref(entry)}
            aria-current={entry === tag ? "page" : undefined}
            className={`${chipClass} ${
              entry === tag
                ? "bg-violet-600 text-white ring-violet-600"
                : "bg-white text-gray-700 ring-gray-300 hover:bg-gray-50"
            }`}
          >
            {entry ? tagLabel(entry) : "All articles"}
          </Link>
        ))}
      </nav>
      <div className="mt-10 grid gap-x-8 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post, index) => (
          <PostCard key={post.slug} post={post} priority={index === 0} />
        ))}
      </div>
      <PageLinks
        page={page}
        pageCount={pageCount}
        href={(n) => blogHref(tag, n)}
        previousLabel="← Newer articles"
        nextLabel="Older articles →"
      />
      <p className="mt-12 text-sm text-gray-600">
        Follow along with the{" "}
        <a href={routes.blogFeed} className="font-semibold text-violet-700 hover:underline">
          RSS feed
        </a>
        .
      </p>
    </ContentPage>
  );
}
