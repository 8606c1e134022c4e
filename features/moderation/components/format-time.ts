const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
});

/** A moment as moderators read it, in their own time zone: "Nov 23, 2026, 1:30 AM". */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
