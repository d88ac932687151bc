/**
 * Recently opened routes, newest first, per user and customer (local only; shown when the palette
 * query is empty and on home). Per customer, because another customer's records do not open there.
 */
export interface RecentItem {
  path: string;
  label: string;
  group: string;
}

const MAX = 12;
/** The local storage key of an owner's list. */
export const recentKey = (owner: string) => `mwRecent:${owner}`;

/** Whose recent items: a user in one customer. */
export function recentOwner(user: { userId: string; customerId: number } | null | undefined): string {
  return user ? `${user.userId}@${user.customerId}` : 'anon';
}

const listeners = new Set<() => void>();
/** Called when an owner's list changes (home shows it live). */
export function onRecentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readRecent(owner: string): RecentItem[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(recentKey(owner)) ?? '[]');
    return Array.isArray(value) ? (value as RecentItem[]).filter((r) => typeof r?.path === 'string') : [];
  } catch {
    return [];
  }
}

export function addRecent(owner: string, item: RecentItem): void {
  const current = readRecent(owner);
  const first = current[0];
  if (first && first.path.toLowerCase() === item.path.toLowerCase() && first.label === item.label) return;
  const rest = current.filter((r) => r.path.toLowerCase() !== item.path.toLowerCase());
  try {
    localStorage.setItem(recentKey(owner), JSON.stringify([item, ...rest].slice(0, MAX)));
  } catch {
    // Recent items are a convenience; a full storage only loses them.
  }
  for (const l of listeners) l();
}
