/** docs/product.md §5: the allow-list compares case-insensitively, and an empty list allows everyone. */
export function createAllowList(allowedEmails: readonly string[]): (email: string) => boolean {
  const allowed = new Set(allowedEmails.map((email) => email.trim().toLowerCase()));
  return (email) => allowed.size === 0 || allowed.has(email.trim().toLowerCase());
}
