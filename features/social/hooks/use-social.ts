import { useMutation, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import {
  SOCIAL_CHANNEL_LABELS,
  type SocialChannel,
  type SocialPostMode,
} from "@/features/social/labels";

/* The social channels' screen's reads and changes (/review/social, issue 66). */

export type SocialChannels = ApiAnswer<"getSocialChannels">;
export type SocialPost = ApiAnswer<"listSocialPosts">["posts"][number];
export type SocialConnection = ApiBody<"connectSocialChannel">["connection"];

const keys = {
  channels: ["admin", "social", "channels"] as const,
  posts: ["admin", "social", "posts"] as const,
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: keys.channels });
    void queryClient.invalidateQueries({ queryKey: keys.posts });
  };
}

/** GET /api/moderation/social/channels (owners). */
export const useSocialChannels = () =>
  usePersonalQuery({ queryKey: keys.channels, operation: "getSocialChannels" });

/** GET /api/moderation/social/posts (owners and moderators). */
export const useSocialPosts = () =>
  usePersonalQuery({ queryKey: keys.posts, operation: "listSocialPosts" });

export function useSetSocialMode() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { mode: SocialPostMode }) => callOperation("setSocialMode", { body }),
    onSuccess: () => {
      invalidate();
      toast.success("Saved: the board posts that from now on");
    },
  });
}

export function useConnectSocialChannel(channel: SocialChannel, onDone: () => void) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (connection: SocialConnection) =>
      callOperation("connectSocialChannel", { body: { connection } }),
    onSuccess: () => {
      onDone();
      invalidate();
      toast.success(`${SOCIAL_CHANNEL_LABELS[channel]} connected`);
    },
  });
}

export function useDisconnectSocialChannel(channel: SocialChannel) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => callOperation("disconnectSocialChannel", { params: { channel } }),
    onSuccess: () => {
      invalidate();
      toast.success(`${SOCIAL_CHANNEL_LABELS[channel]} disconnected`);
    },
  });
}

export const useTestSocialChannel = (channel: SocialChannel) =>
  useMutation({ mutationFn: () => callOperation("testSocialChannel", { params: { channel } }) });

/** Retry or Skip of one post. */
export function useSocialPostAction(postId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (action: "retry" | "skip") =>
      callOperation(action === "retry" ? "retrySocialPost" : "skipSocialPost", {
        params: { postId: String(postId) },
      }),
    onSuccess: () => invalidate(),
  });
}
