import { PostEditorScreen } from "@/features/content/components/post-editor";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/posts: the blog, written in the app by the board's editors (issue 64): posts with their
 * states, and one post's editor with its live preview. Editors and owners, as the API says;
 * anyone else is told so.
 */
export default function ReviewPostsPage() {
  return (
    <ModeratorScreen
      title="Blog posts"
      lead="Write the blog's posts, preview them as the blog shows them, and publish or schedule them."
      back={{ href: routes.review, label: "Moderation" }}
      area="content"
      holds="Blog posts"
    >
      {() => <PostEditorScreen />}
    </ModeratorScreen>
  );
}
