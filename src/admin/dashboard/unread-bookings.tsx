/**
 * The dashboard's place for the unread booking requests (issue 15's inbox): the booking engineer fills it with
 * the count of requests whose status is `new` and a link to /admin/inbox. Until then it shows nothing.
 */
export function UnreadBookings() {
  return null;
}
