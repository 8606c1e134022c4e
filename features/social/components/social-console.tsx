import { useEffect, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { tableClass, headClass, thClass, tdClass, TableFrame } from "@/components/ui/data-table";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
import { formatDate } from "@/lib/format";
import { serverMessage, showServerFieldErrors } from "@/lib/form-errors";
import {
  SOCIAL_CHANNEL_LABELS,
  SOCIAL_CHANNELS,
  SOCIAL_POST_MODE_LABELS,
  SOCIAL_POST_MODES,
  SOCIAL_POST_STATUS_LABELS,
  type SocialChannel,
  type SocialPostMode,
} from "@/features/social/labels";
import {
  useConnectSocialChannel,
  useDisconnectSocialChannel,
  useSetSocialMode,
  useSocialChannels,
  useSocialPostAction,
  useSocialPosts,
  useTestSocialChannel,
  type SocialChannels,
  type SocialConnection,
  type SocialPost,
} from "@/features/social/hooks/use-social";

/*
 * /review/social (issue 66): the owner connects the board's social channels (secrets typed,
 * never shown again: "connected", with replace, test and disconnect) and chooses what is
 * posted; owners and moderators see what went where, and retry or skip.
 */

/** Each channel's fields: name, label, hint, and whether it is a secret (typed, never shown). */
const FIELDS: Record<
  SocialChannel,
  { name: string; label: string; hint: string; secret?: boolean }[]
> = {
  discord: [
    {
      name: "webhook_url",
      label: "Webhook URL",
      hint: "Channel settings, Integrations, Webhooks: https://discord.com/api/webhooks/…",
      secret: true,
    },
  ],
  slack: [
    {
      name: "bot_token",
      label: "Bot token",
      hint: "Starts with xoxb-; the app needs chat:write.",
      secret: true,
    },
    {
      name: "slack_channel",
      label: "Channel id",
      hint: "Like C0123456789: channel details, at the bottom. Invite the bot to it.",
    },
  ],
  telegram: [
    { name: "bot_token", label: "Bot token", hint: "From @BotFather: 123456:ABC…", secret: true },
    {
      name: "chat_id",
      label: "Channel",
      hint: "@name, or the chat's number id. The bot must be an admin allowed to post.",
    },
  ],
  bluesky: [
    { name: "handle", label: "Handle", hint: "Like board.bsky.social." },
    {
      name: "app_password",
      label: "App password",
      hint: "Settings, Privacy and security, App passwords.",
      secret: true,
    },
  ],
  mastodon: [
    { name: "instance_url", label: "Server", hint: "Like https://mastodon.social." },
    {
      name: "access_token",
      label: "Access token",
      hint: "Preferences, Development: an application with write:statuses.",
      secret: true,
    },
  ],
  x: [
    { name: "handle", label: "Account", hint: "The @name posts are made as." },
    { name: "api_key", label: "API key", hint: "The app's consumer key.", secret: true },
    {
      name: "api_secret",
      label: "API key secret",
      hint: "The app's consumer secret.",
      secret: true,
    },
    {
      name: "access_token",
      label: "Access token",
      hint: "Generated for the account, read and write.",
      secret: true,
    },
    {
      name: "access_token_secret",
      label: "Access token secret",
      hint: "Generated with it.",
      secret: true,
    },
  ],
  linkedin: [
    {
      name: "organization_id",
      label: "Organization id",
      hint: "The number in the page's admin address.",
    },
    {
      name: "access_token",
      label: "Access token",
      hint: "A page admin's, with w_organization_social (60 days).",
      secret: true,
    },
  ],
};

function ModeForm({ mode }: { mode: SocialPostMode }) {
  const form = useForm<{ mode: SocialPostMode }>({ defaultValues: { mode } });
  useEffect(() => form.reset({ mode }), [mode, form]);
  const save = useSetSocialMode();
  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(values, {
      onError: (error) => {
        if (!showServerFieldErrors(error, form.setError, ["mode"])) {
          form.setError("root.server", {
            type: "server",
            message: serverMessage(error, "Not saved. Please try again."),
          });
        }
      },
    });
  });
  return (
    <FormProvider {...form}>
      <GatedForm
        onSubmit={onSubmit}
        noValidate
        aria-label="What the board posts"
        className="max-w-2xl space-y-4"
      >
        <FormSelectField
          name="mode"
          label="What the board posts"
          hint="Featured listings are posted whichever you choose (their plan includes a post)."
          options={SOCIAL_POST_MODES.map((value) => ({
            value,
            label: SOCIAL_POST_MODE_LABELS[value],
          }))}
        />
        <Refusal message={form.formState.errors.root?.server?.message} />
        <SubmitButton busy={save.isPending}>{save.isPending ? "Saving…" : "Save"}</SubmitButton>
      </GatedForm>
    </FormProvider>
  );
}

function ChannelCard({
  channel,
  connected,
}: {
  channel: SocialChannel;
  connected?: SocialChannels["channels"][number];
}) {
  const fields = FIELDS[channel];
  const names = fields.map((field) => `connection.${field.name}`);
  const blank = { connection: Object.fromEntries(fields.map((field) => [field.name, ""])) };
  const form = useForm<{ connection: Record<string, string> }>({ defaultValues: blank });
  const [testResult, setTestResult] = useState<string | null>(null);
  const connect = useConnectSocialChannel(channel, () => form.reset(blank));
  const disconnect = useDisconnectSocialChannel(channel);
  const test = useTestSocialChannel(channel);
  const runTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ test: result }) =>
        setTestResult(
          result.ok
            ? `Test post sent${result.url ? `: ${result.url}` : ""}.`
            : `Not sent: ${result.error}`,
        ),
      onError: (error) => setTestResult(serverMessage(error, "The test post was not sent.")),
    });
  const onSubmit = form.handleSubmit((values) => {
    if (connect.isPending) return;
    connect.mutate({ channel, ...values.connection } as SocialConnection, {
      onError: (error) => {
        if (!showServerFieldErrors(error, form.setError, names)) {
          form.setError("root.server", {
            type: "server",
            message: serverMessage(error, "Not connected. Please try again."),
          });
        }
      },
    });
  });
  const label = SOCIAL_CHANNEL_LABELS[channel];
  const headingId = `social-${channel}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
    >
      <h3 id={headingId} className="text-base font-semibold text-gray-900">
        {label}
      </h3>
      <p className="mt-1 text-sm text-gray-600">
        {connected
          ? `Connected${connected.account ? ` as ${connected.account}` : ""} since ${formatDate(connected.connected_at)}${connected.connected_by ? ` by ${connected.connected_by}` : ""}.`
          : "Not connected."}
      </p>
      {connected && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" busy={test.isPending} onClick={runTest}>
            Send a test post
          </Button>
          <Button
            variant="secondary"
            size="sm"
            busy={disconnect.isPending}
            onClick={() => disconnect.mutate()}
          >
            Disconnect {label}
          </Button>
          {testResult && (
            <p role="status" className="text-sm text-gray-700">
              {testResult}
            </p>
          )}
        </div>
      )}
      <FormProvider {...form}>
        <GatedForm
          onSubmit={onSubmit}
          noValidate
          aria-label={`Connect ${label}`}
          className="mt-4 space-y-4"
        >
          {fields.map((field) => (
            <FormTextField
              key={field.name}
              name={`connection.${field.name}`}
              label={field.label}
              hint={field.hint}
              type={field.secret ? "password" : "text"}
              autoComplete="off"
            />
          ))}
          <Refusal message={form.formState.errors.root?.server?.message} />
          <SubmitButton busy={connect.isPending}>
            {connected ? `Replace ${label}'s account` : `Connect ${label}`}
          </SubmitButton>
        </GatedForm>
      </FormProvider>
    </section>
  );
}

function ChannelsSection() {
  const { data, error } = useSocialChannels();
  if (error) return <Refusal message={serverMessage(error, "The channels could not be read.")} />;
  if (!data) return <ProfileScreenLoading />;
  return (
    <section aria-labelledby="social-channels" className="space-y-6">
      <h2 id="social-channels" className="text-lg font-semibold text-gray-900">
        Channels
      </h2>
      <ModeForm mode={data.mode} />
      <div className="grid gap-4 lg:grid-cols-2">
        {SOCIAL_CHANNELS.map((channel) => (
          <ChannelCard
            key={channel}
            channel={channel}
            connected={data.channels.find((row) => row.channel === channel)}
          />
        ))}
      </div>
    </section>
  );
}

function PostActions({ post }: { post: SocialPost }) {
  const action = useSocialPostAction(post.id);
  const act = {
    isPending: action.isPending,
    mutate: (which: "retry" | "skip") =>
      action.mutate(which, {
        onError: (error) =>
          toast.error(serverMessage(error, "That did not work. Please try again.")),
      }),
  };
  const canRetry = post.status === "failed" || post.status === "skipped" || post.end_due;
  const canSkip = post.status === "failed" || post.status === "queued";
  const what = `${post.title} on ${SOCIAL_CHANNEL_LABELS[post.channel]}`;
  return (
    <div className="flex flex-wrap gap-2">
      {canRetry && (
        <Button
          variant="secondary"
          size="sm"
          busy={act.isPending}
          onClick={() => act.mutate("retry")}
          aria-label={`Retry ${what}`}
        >
          Retry
        </Button>
      )}
      {canSkip && (
        <Button
          variant="secondary"
          size="sm"
          busy={act.isPending}
          onClick={() => act.mutate("skip")}
          aria-label={`Skip ${what}`}
        >
          Skip
        </Button>
      )}
    </div>
  );
}

function PostsSection() {
  const { data, error } = useSocialPosts();
  if (error) return <Refusal message={serverMessage(error, "The posts could not be read.")} />;
  if (!data) return <ProfileScreenLoading />;
  return (
    <section aria-labelledby="social-posts" className="space-y-4">
      <h2 id="social-posts" className="text-lg font-semibold text-gray-900">
        What went where
      </h2>
      {data.posts.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing posted yet.</p>
      ) : (
        <TableFrame label="Posts on the social channels">
          <table className={tableClass}>
            <thead className={headClass}>
              <tr>
                <th scope="col" className={thClass}>
                  Listing
                </th>
                <th scope="col" className={thClass}>
                  Channel
                </th>
                <th scope="col" className={thClass}>
                  Status
                </th>
                <th scope="col" className={thClass}>
                  When
                </th>
                <th scope="col" className={thClass}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {data.posts.map((post) => (
                <tr key={post.id}>
                  <td className={tdClass}>
                    {post.url ? (
                      <a
                        href={post.url}
                        className="font-medium text-violet-700 hover:underline"
                        rel="noopener noreferrer"
                      >
                        {post.title}
                      </a>
                    ) : (
                      post.title
                    )}
                  </td>
                  <td className={tdClass}>{SOCIAL_CHANNEL_LABELS[post.channel]}</td>
                  <td className={tdClass}>
                    {SOCIAL_POST_STATUS_LABELS[post.status]}
                    {post.end_due ? ", to take down" : ""}
                    {post.last_error && (
                      <span className="mt-1 block text-xs text-red-700">{post.last_error}</span>
                    )}
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {formatDate(post.posted_at ?? post.created_at)}
                  </td>
                  <td className={tdClass}>
                    <PostActions post={post} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}

/** The screen: the channels for owners (`owner`), what went where for owners and moderators. */
export function SocialConsole({ owner }: { owner: boolean }) {
  return (
    <div className="space-y-12">
      {owner && <ChannelsSection />}
      <PostsSection />
    </div>
  );
}
