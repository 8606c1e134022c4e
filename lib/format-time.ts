const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
});

/**
 * A moment in the reader's own time zone: "Nov 23, 2026, 1:30 AM" (the moderation, directory and
 * imports screens).
 */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
