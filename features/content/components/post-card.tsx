import { Link } from "@/components/ui/link";
import { PostCover } from "@/features/content/components/post-cover";
import { formatDate } from "@/lib/format";
import type { PostSummary } from "@/features/content/post-types";
import { routes } from "@/lib/routes";

/** One post in a list: cover, title, excerpt, author, date and reading time. */
export function PostCard({ post, priority = false }: { post: PostSummary; priority?: boolean }) {
  return (
    <article className="group relative flex flex-col">
      <PostCover
        src={post.cover}
        alt={post.coverAlt}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        priority={priority}
      />
      <div className="mt-4 flex items-center gap-x-3 text-sm text-gray-500">
        <time dateTime={post.date}>{formatDate(post.date)}</time>
        <span aria-hidden="true">·</span>
        <span>{post.readingMinutes} min read</span>
      </div>
      <h2 className="mt-2 text-lg font-semibold text-gray-900 group-hover:text-violet-700">
        <Link href={routes.post(post.slug)}>
          <span className="absolute inset-0" aria-hidden="true" />
          {post.title}
        </Link>
      </h2>
      <p className="mt-2 line-clamp-3 text-sm leading-6 text-gray-600">{post.description}</p>
      <p className="mt-4 text-sm font-medium text-gray-900">
        {post.author.name}
        <span className="font-normal text-gray-500"> · {post.author.role}</span>
      </p>
    </article>
  );
}
