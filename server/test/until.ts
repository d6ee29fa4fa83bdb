/**
 * Waits until `check` holds, looking every 20 ms, for at most `ms` (the mail tests' SMTP server and outboxes: 20 s, as
 * a busy CI machine needs).
 */
export async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
