/**
 * Saves a file fetched with the bearer token (a plain link could not send it): through a
 * temporary link to a Blob, under `name`. Browser only.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
