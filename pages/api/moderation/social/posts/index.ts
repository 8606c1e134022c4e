import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { listSocialPosts } from "@/features/social/server/social-api";

/** GET, owners and moderators: what went where on the social channels. */
export default apiRoute(handle(operations.listSocialPosts, ({ db }) => listSocialPosts(db)));

export const config = { api: { bodyParser: false } };
