import dynamic from "next/dynamic";
import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { Description, Field, Input, Label } from "@headlessui/react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { headClass, TableFrame, tableClass, tdClass, thClass } from "@/components/ui/data-table";
import { SelectField, TextAreaField, TextField } from "@/components/ui/form-controls";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
import { RichText } from "@/components/ui/rich-text";
import {
  useDeletePost,
  useEditorPost,
  useEditorPosts,
  usePostPreview,
  usePostStatus,
  useSaveAuthor,
  useSavePost,
  useUploadPostImage,
  type EditorAuthor,
  type EditorPost,
  type PostAction,
  type PostBody,
} from "@/features/content/hooks/use-post-editor";
import { hasFieldErrors } from "@/lib/error-toast";
import { serverMessage } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import { POST_STATUS_LABELS, slugFromTitle, type PostStatus } from "@/lib/model/posts";
import { routes } from "@/lib/routes";
import type { Tone } from "@/lib/tones";

// Asked only before a deletion: its code comes with the editor, not with the list of posts.
const ConfirmDialog = dynamic(
  () => import("@/components/ui/confirm-dialog").then((module) => module.ConfirmDialog),
  { ssr: false },
);

/*
 * /review/posts (issue 64): the blog's posts with their states, and one post's editor: its
 * Markdown beside a live preview in the post page's own styles (rendered and sanitised by the
 * server, as the page renders it), its cover uploaded, its author, tags, summary and address,
 * and the buttons that publish it now, schedule it, take it off the blog or (once off it) delete
 * it, after a confirmation. Its author can be edited in place (name, role, bio, photo).
 */

const STATUS_TONES: Record<PostStatus, Tone> = {
  draft: "grey",
  scheduled: "amber",
  published: "green",
  unpublished: "red",
};

type Errors = Record<string, string>;

/** A failed call's field errors (422), each as one sentence, or the server's sentence on `form`. */
function errorsOf(error: unknown): Errors {
  if (hasFieldErrors(error) && Object.keys(error.errors).length > 0) {
    return Object.fromEntries(
      Object.entries(error.errors).map(([field, messages]) => [field, messages.join(" ")]),
    );
  }
  return { form: serverMessage(error, "That did not work: try again") };
}

/** A datetime-local input's value ("2026-12-03T09:00") for an instant, in the browser's zone. */
const localInput = (iso: string | null) => {
  if (!iso) return "";
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const EMPTY: PostBody = {
  slug: "",
  title: "",
  summary: "",
  body: "",
  cover: null,
  cover_alt: "",
  author_id: null,
  tags: [],
};

const bodyOf = (post: EditorPost | null): PostBody =>
  post
    ? {
        slug: post.slug,
        title: post.title,
        summary: post.summary,
        body: post.body,
        cover: post.cover,
        cover_alt: post.cover_alt,
        author_id: post.author_id,
        tags: post.tags,
      }
    : EMPTY;

/** A post's date in the list: when it is due if scheduled, else when it went out ("—" if never). */
function postDate(post: {
  status: PostStatus;
  publish_at: string | null;
  published_at: string | null;
}) {
  if (post.status === "scheduled" && post.publish_at) {
    const time = new Date(post.publish_at).toLocaleTimeString([], {
      hour: "2-digit",
      minute: "2-digit",
    });
    return `${formatDate(post.publish_at)} ${time}`;
  }
  return post.published_at ? formatDate(post.published_at) : "—";
}

export function PostEditorScreen() {
  const list = useEditorPosts();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  if (list.isPending) return <ProfileScreenLoading />;
  if (list.isError)
    return <Refusal message={serverMessage(list.error, "The posts could not be read")} />;
  const { posts, authors } = list.data;
  if (editing !== null) {
    return (
      <PostEditing
        postId={editing === "new" ? null : editing}
        authors={authors}
        onClose={() => setEditing(null)}
      />
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <Button onClick={() => setEditing("new")}>New post</Button>
      </div>
      <TableFrame label="Posts">
        <table className={tableClass}>
          <thead className={headClass}>
            <tr>
              {/* On a phone the state and date go under the title, so the row's Edit stays in sight. */}
              <th scope="col" className={thClass}>
                Title
              </th>
              <th scope="col" className={`${thClass} hidden sm:table-cell`}>
                State
              </th>
              <th scope="col" className={`${thClass} hidden sm:table-cell`}>
                Date
              </th>
              <th scope="col" className={thClass}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {posts.map((post) => (
              <tr key={post.id}>
                <td className={tdClass}>
                  <span className="font-medium text-gray-900">{post.title}</span>
                  <span className="block break-all text-gray-500">/posts/{post.slug}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-2 sm:hidden">
                    <Badge tone={STATUS_TONES[post.status]}>
                      {POST_STATUS_LABELS[post.status]}
                    </Badge>
                    <span className="text-gray-500">{postDate(post)}</span>
                  </span>
                </td>
                <td className={`${tdClass} hidden sm:table-cell`}>
                  <Badge tone={STATUS_TONES[post.status]}>{POST_STATUS_LABELS[post.status]}</Badge>
                </td>
                <td className={`${tdClass} hidden whitespace-nowrap sm:table-cell`}>
                  {postDate(post)}
                </td>
                <td className={tdClass}>
                  <Button variant="secondary" onClick={() => setEditing(post.id)}>
                    Edit<span className="sr-only"> {post.title}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </div>
  );
}

function PostEditing({
  postId,
  authors,
  onClose,
}: {
  postId: number | null;
  authors: EditorAuthor[];
  onClose: () => void;
}) {
  const post = useEditorPost(postId);
  if (postId !== null && post.isPending) return <ProfileScreenLoading />;
  if (post.isError)
    return <Refusal message={serverMessage(post.error, "The post could not be read")} />;
  return (
    <PostForm
      key={postId ?? "new"}
      post={post.data?.post ?? null}
      authors={authors}
      onClose={onClose}
    />
  );
}

function PostForm({
  post: loaded,
  authors,
  onClose,
}: {
  post: EditorPost | null;
  authors: EditorAuthor[];
  onClose: () => void;
}) {
  // The post as the server last answered it: a new one once saved, a state once changed.
  const [post, setPost] = useState(loaded);
  const [fields, setFields] = useState<PostBody>(() => bodyOf(loaded));
  const [tags, setTags] = useState(() => bodyOf(loaded).tags.join(", "));
  const [publishAt, setPublishAt] = useState(() => localInput(loaded?.publish_at ?? null));
  const [errors, setErrors] = useState<Errors>({});
  const [said, setSaid] = useState("");
  const save = useSavePost(post?.id ?? null);
  const status = usePostStatus(post?.id ?? 0);
  const upload = useUploadPostImage();
  const preview = usePostPreview();
  const [html, setHtml] = useState("");

  // The preview follows the text, a moment after typing stops.
  const { mutateAsync: render } = preview;
  useEffect(() => {
    const timer = setTimeout(() => {
      render(fields.body).then(
        (answer) => setHtml(answer.html),
        () => undefined,
      );
    }, 400);
    return () => clearTimeout(timer);
  }, [fields.body, render]);

  const set =
    (name: keyof PostBody) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setFields((before) => ({ ...before, [name]: event.target.value }));

  const body = (): PostBody => ({
    ...fields,
    tags: tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  });

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      setPost((await save.mutateAsync(body())).post);
      setSaid("Saved");
    } catch (error) {
      setErrors(errorsOf(error));
    }
  }

  async function onStatus(action: PostAction) {
    setErrors({});
    try {
      // What is on screen is saved first: publishing publishes what the editor sees.
      await save.mutateAsync(body());
      const answer = await status.mutateAsync(action);
      setPost(answer.post);
      setSaid(POST_STATUS_LABELS[answer.post.status]);
    } catch (error) {
      setErrors(errorsOf(error));
    }
  }

  const onPicture = (event: ChangeEvent<HTMLInputElement>, place: (url: string) => void) =>
    uploadPicture(event, upload.mutateAsync, place, setErrors);

  const remove = useDeletePost();
  const [asking, setAsking] = useState(false);
  const chosenAuthor = authors.find((author) => author.id === fields.author_id) ?? null;

  const busy = save.isPending || status.isPending || upload.isPending || remove.isPending;
  return (
    <form
      onSubmit={onSave}
      className="space-y-8"
      aria-label={post ? `Edit ${post.title}` : "New post"}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-gray-900">
          {post ? post.title : "New post"}{" "}
          {post && (
            <Badge tone={STATUS_TONES[post.status]}>{POST_STATUS_LABELS[post.status]}</Badge>
          )}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          Back to the posts
        </Button>
      </div>
      {errors.form && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.form}
        </p>
      )}
      <p role="status" className="text-sm text-gray-600">
        {said}
      </p>
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label="Title"
          value={fields.title}
          onChange={(event) => {
            const title = event.target.value;
            // A new post's address follows its title until the editor writes one.
            setFields((before) => ({
              ...before,
              title,
              slug:
                post === null && before.slug === slugFromTitle(before.title)
                  ? slugFromTitle(title)
                  : before.slug,
            }));
          }}
          error={errors.title}
        />
        <TextField
          label="Address"
          hint={`The post's address, in Latin letters (a Japanese or Arabic title needs one written): ${routes.post(fields.slug || "your-post")}`}
          value={fields.slug}
          onChange={set("slug")}
          error={errors.slug}
        />
        <TextAreaField
          label="Summary"
          hint="For cards, the feed and search engines: a sentence or two."
          rows={2}
          value={fields.summary}
          onChange={set("summary")}
          error={errors.summary}
        />
        <TextField
          label="Tags"
          hint="Separated by commas: job-search, careers"
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          error={errors.tags}
        />
        <SelectField
          label="Author"
          value={fields.author_id === null ? "" : String(fields.author_id)}
          onChange={(event) =>
            setFields((before) => ({
              ...before,
              author_id: event.target.value ? Number(event.target.value) : null,
            }))
          }
          error={errors.author_id}
          options={[
            { value: "", label: "Choose an author" },
            ...authors.map((author) => ({
              value: String(author.id),
              label: `${author.name}, ${author.role}`,
            })),
          ]}
        />
        <div className="space-y-3">
          {chosenAuthor && (
            <AuthorFields
              key={`edit-${chosenAuthor.id}`}
              author={chosenAuthor}
              onSaved={() => undefined}
            />
          )}
          <AuthorFields
            author={null}
            onSaved={(id) => setFields((before) => ({ ...before, author_id: id }))}
          />
        </div>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <PictureField
            label="Cover image"
            error={errors.cover ?? errors.image}
            onChange={(event) =>
              onPicture(event, (url) => setFields((before) => ({ ...before, cover: url })))
            }
          />
          {fields.cover && (
            // eslint-disable-next-line @next/next/no-img-element -- the uploaded cover as it is
            <img
              src={fields.cover}
              alt=""
              className="mt-3 aspect-[1200/630] w-full rounded-lg object-cover"
            />
          )}
        </div>
        <TextField
          label="Cover description"
          hint="What the cover shows, for people who cannot see it."
          value={fields.cover_alt}
          onChange={set("cover_alt")}
          error={errors.cover_alt}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-3">
          <TextAreaField
            label="Post (Markdown)"
            rows={24}
            value={fields.body}
            onChange={set("body")}
            error={errors.body}
            className="font-mono"
          />
          <PictureField
            label="Insert a picture"
            onChange={(event) =>
              onPicture(event, (url) =>
                setFields((before) => ({
                  ...before,
                  body: `${before.body}\n\n![Describe the picture](${url})\n`,
                })),
              )
            }
          />
        </div>
        <section aria-label="Preview" className="rounded-lg border border-gray-200 p-6">
          <h3 className="text-sm font-semibold text-gray-500">Preview</h3>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-gray-950">
            {fields.title}
          </h1>
          <RichText html={html} className="mt-6 max-w-none" />
        </section>
      </div>

      <div className="flex flex-wrap items-end gap-4 border-t border-gray-200 pt-6">
        <Button type="submit" disabled={busy}>
          Save
        </Button>
        {post && (
          <>
            <Button type="button" disabled={busy} onClick={() => onStatus("publish")}>
              Publish now
            </Button>
            <div className="w-64">
              <TextField
                label="Publish at"
                type="datetime-local"
                value={publishAt}
                onChange={(event) => setPublishAt(event.target.value)}
                error={errors.publish_at}
              />
            </div>
            <Button
              type="button"
              variant="secondary"
              disabled={busy || !publishAt}
              onClick={() => onStatus({ publishAt: new Date(publishAt).toISOString() })}
            >
              Schedule
            </Button>
            {(post.status === "published" || post.status === "scheduled") && (
              <Button
                type="button"
                variant="secondary"
                disabled={busy}
                onClick={() => onStatus("unpublish")}
              >
                Unpublish
              </Button>
            )}
            {(post.status === "draft" || post.status === "unpublished") && (
              <Button
                type="button"
                variant="danger"
                disabled={busy}
                onClick={() => setAsking(true)}
              >
                Delete
              </Button>
            )}
          </>
        )}
      </div>
      {post && (
        <ConfirmDialog
          open={asking}
          onClose={() => {
            setAsking(false);
            remove.reset();
          }}
          onConfirm={() =>
            remove.mutate(post.id, {
              onSuccess: () => {
                setAsking(false);
                onClose();
              },
            })
          }
          title={`Delete “${post.title}” for good?`}
          confirmLabel="Delete the post"
          pendingLabel="Deleting…"
          cancelLabel="Keep it"
          pending={remove.isPending}
        >
          <p>
            The post and its old addresses go: {routes.post(post.slug)} will answer “not found”.
            This cannot be undone.
          </p>
          <div className="mt-3">
            <Refusal
              message={remove.error ? serverMessage(remove.error, "It was not deleted.") : null}
            />
          </div>
        </ConfirmDialog>
      )}
    </form>
  );
}

/** The file a picture input was given, uploaded; its address to `place`, or its errors. */
async function uploadPicture(
  event: ChangeEvent<HTMLInputElement>,
  upload: (file: File) => Promise<{ image: { url: string } }>,
  place: (url: string) => void,
  setErrors: (errors: Errors) => void,
) {
  const file = event.target.files?.[0];
  event.target.value = "";
  if (!file) return;
  setErrors({});
  try {
    place((await upload(file)).image.url);
  } catch (error) {
    setErrors(errorsOf(error));
  }
}

/** A file input for a picture, labelled, with its error next to it. */
function PictureField({
  label,
  error,
  onChange,
}: {
  label: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Field>
      <Label className="block text-sm font-medium text-gray-900">{label}</Label>
      <Input
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={onChange}
        invalid={Boolean(error)}
        className="mt-2 block w-full text-sm text-gray-700"
      />
      {error && (
        <Description className="mt-1.5 text-sm font-medium text-red-700">{error}</Description>
      )}
    </Field>
  );
}

/**
 * An author's fields: a new one (added beside the list, chosen for the post once added), or the
 * chosen one's, edited in place (every post by them shows the change).
 */
function AuthorFields({
  author,
  onSaved,
}: {
  author: EditorAuthor | null;
  onSaved: (id: number) => void;
}) {
  const save = useSaveAuthor(author?.id ?? null);
  const upload = useUploadPostImage();
  const [photo, setPhoto] = useState<string | null>(author?.photo ?? null);
  const [name, setName] = useState(author?.name ?? "");
  const [role, setRole] = useState(author?.role ?? "");
  const [bio, setBio] = useState(author?.bio ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [said, setSaid] = useState("");
  const editing = author !== null;
  async function submit() {
    setErrors({});
    setSaid("");
    try {
      const answer = await save.mutateAsync({ name, role, bio, photo });
      onSaved(answer.author.id);
      if (editing) {
        setSaid("Author saved");
      } else {
        setPhoto(null);
        setName("");
        setRole("");
        setBio("");
      }
    } catch (error) {
      setErrors(errorsOf(error));
    }
  }
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-medium text-gray-900">
        {editing ? `Edit the author ${author.name}` : "Add an author"}
      </legend>
      <TextField
        label="Author's name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextField
        label="Author's role"
        value={role}
        onChange={(e) => setRole(e.target.value)}
        error={errors.role}
      />
      <TextAreaField
        label="Short bio"
        rows={2}
        value={bio}
        onChange={(e) => setBio(e.target.value)}
        error={errors.bio}
      />
      <PictureField
        label="Author's photo"
        error={errors.photo ?? errors.image}
        onChange={(event) => uploadPicture(event, upload.mutateAsync, setPhoto, setErrors)}
      />
      {photo && (
        <div className="flex items-center gap-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- the uploaded photo as it is */}
          <img src={photo} alt="" className="size-14 rounded-full object-cover" />
          <Button type="button" variant="secondary" onClick={() => setPhoto(null)}>
            Remove the photo
          </Button>
        </div>
      )}
      {errors.form && <p className="text-sm font-medium text-red-700">{errors.form}</p>}
      {editing && (
        <p aria-live="polite" className="text-sm text-gray-600">
          {said}
        </p>
      )}
      <Button type="button" variant="secondary" disabled={save.isPending} onClick={submit}>
        {editing ? "Save the author" : "Add author"}
      </Button>
    </fieldset>
  );
}
