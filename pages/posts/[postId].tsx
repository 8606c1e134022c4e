import type { GetServerSideProps } from "next";
import Head from "next/head";
import Image from "next/image";
import { buttonClass } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { PostCard } from "@/features/content/components/post-card";
import { PostCover } from "@/features/content/components/post-cover";
import { JsonLd, Seo } from "@/components/seo";
import { formatDate } from "@/lib/format";
import { tagLabel, type Post, type PostSummary } from "@/features/content/post-types";
import { routes } from "@/lib/routes";
import { findPost, postTakenDown } from "@/features/content/server/posts";
import { boardSettings } from "@/lib/board-settings";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { SITE_URL } from "@/lib/site";
import { RichText } from "@/components/ui/rich-text";

type PostPageProps =
  | { post: Post; related: PostSummary[]; gone?: never }
  | { gone: true; post?: never; related?: never };

/**
 * Spec §2: /posts/[postId] and /posts/[path] both exist; the path is canonical. A post's id, or
 * an address it had before a rename, answers with a permanent redirect to it (issue 64). Read
 * from the database on each request, kept by the page cache, which every change of a post purges
 * (features/content/server/post-editor.ts).
 */
export const getServerSideProps: GetServerSideProps<PostPageProps, { postId: string }> = async ({
  params,
  res,
}) => {
  const db = await getDatabase();
  const segment = params?.postId ?? "";
  const found = await findPost(db, segment);
  if (!found) {
    if (!(await postTakenDown(db, segment))) return { notFound: true };
    // A post taken down: 410, which tells search engines to drop the address for good.
    res.statusCode = 410;
    return { props: { gone: true } };
  }
  if (!found.canonical) {
    return { redirect: { destination: routes.post(found.post.slug), permanent: true } };
  }
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.list);
  return { props: { post: found.post, related: found.related } };
};

export default function PostPage({ post, related, gone }: PostPageProps) {
  if (gone) return <PostGone />;
  const url = `${SITE_URL}${routes.post(post.slug)}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    image: `${SITE_URL}${post.cover}`,
    author: {
      "@type": "Person",
      name: post.author.name,
      jobTitle: post.author.role,
      ...(post.author.bio && { description: post.author.bio }),
      ...(post.author.photo && { image: `${SITE_URL}${post.author.photo}` }),
    },
    publisher: { "@type": "Organization", name: boardSettings().name },
    mainEntityOfPage: url,
    keywords: post.tags.join(", "),
  };
  return (
    <>
      <Seo
        title={post.title}
        description={post.description}
        path={routes.post(post.slug)}
        ogType="article"
      />
      <Head>
        <meta property="og:image" content={`${SITE_URL}${post.cover}`} />
      </Head>
      <JsonLd data={jsonLd} />
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <nav aria-label="Breadcrumb" className="text-sm font-medium text-violet-700">
          <Link href={routes.blog} className="hover:underline">
            Blog
          </Link>
        </nav>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-gray-950 sm:text-4xl">
          {post.title}
        </h1>
        <p className="mt-4 text-lg leading-8 text-gray-600">{post.description}</p>
        <div className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
          <span className="font-medium text-gray-900">{post.author.name}</span>
          <span>{post.author.role}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span aria-hidden="true">·</span>
          <span>{post.readingMinutes} min read</span>
        </div>
        <PostCover
          src={post.cover}
          alt={post.coverAlt}
          sizes="(min-width: 768px) 720px, 100vw"
          priority
          className="mt-8"
        />
        <RichText html={post.html} className="mt-10 max-w-none" />
        <ul role="list" aria-label="Topics" className="mt-10 flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link
                href={`${routes.blog}?tag=${encodeURIComponent(tag)}`}
                className="rounded-full bg-violet-50 px-3 py-1 text-sm font-medium text-violet-800 hover:bg-violet-100"
              >
                {tagLabel(tag)}
              </Link>
            </li>
          ))}
        </ul>
        {(post.author.bio || post.author.photo) && (
          <aside
            aria-label="About the author"
            className="mt-10 flex items-start gap-4 border-t border-gray-100 pt-8"
          >
            {post.author.photo && (
              <Image
                src={post.author.photo}
                alt=""
                width={56}
                height={56}
                className="size-14 rounded-full object-cover"
              />
            )}
            <div>
              <p className="font-semibold text-gray-900">{post.author.name}</p>
              <p className="text-sm text-gray-600">{post.author.role}</p>
              {post.author.bio && <p className="mt-2 text-sm text-gray-700">{post.author.bio}</p>}
            </div>
          </aside>
        )}
      </article>
      {related.length > 0 && (
        <section aria-labelledby="more-articles" className="border-t border-gray-100 bg-gray-50">
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
            <h2 id="more-articles" className="text-xl font-semibold text-gray-900">
              More from the blog
            </h2>
            <div className="mt-8 grid gap-x-8 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((other) => (
                <PostCard key={other.slug} post={other} />
              ))}
            </div>
          </div>
        </section>
      )}
    </>
  );
}

/** A post that was on the blog and was taken down (410). */
function PostGone() {
  return (
    <>
      <Head>
        <title>{`This post was taken down | ${boardSettings().name}`}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
        <p className="text-base font-semibold text-violet-700">410</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-gray-950 sm:text-4xl">
          This post was taken down
        </h1>
        <p className="mx-auto mt-6 max-w-md text-lg text-pretty text-gray-600">
          It is no longer on the blog. The other articles are still there.
        </p>
        <p className="mt-10">
          <Link href={routes.blog} className={buttonClass()}>
            Read the blog
          </Link>
        </p>
      </section>
    </>
  );
}
