/** Recently opened routes per user, newest first (local only; shown when the palette query is empty). */
export interface RecentItem {
  path: string;
  label: string;
  group: string;
}

const MAX = 12;
const key = (userId: string) => `mwRecent:${userId}`;

export function readRecent(userId: string): RecentItem[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key(userId)) ?? '[]');
    return Array.isArray(value) ? (value as RecentItem[]).filter((r) => typeof r?.path === 'string') : [];
  } catch {
    return [];
  }
}

export function addRecent(userId: string, item: RecentItem): void {
  const rest = readRecent(userId).filter((r) => r.path.toLowerCase() !== item.path.toLowerCase());
  try {
    localStorage.setItem(key(userId), JSON.stringify([item, ...rest].slice(0, MAX)));
  } catch {
    // Recent items are a convenience; a full storage only loses them.
  }
}
