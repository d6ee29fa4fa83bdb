/** Saves a file the browser holds (a link with `download`, clicked): the Inbox's CSV, a QR code's SVG and PNG. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
