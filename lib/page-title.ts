/** A paginated list's title names its page: "Design jobs – Page 2"; page 1 keeps the title. */
export const pagedTitle = (title: string, page: number) =>
  page > 1 ? `${title} – Page ${page}` : title;
