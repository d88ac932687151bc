import { test as base, expect } from '@playwright/test';

export * from '@playwright/test';

/**
 * The specs' `test`: on every test's page, a view shortcut that collides with a workspace one (the
 * application reports it on the console, see useWorkspaceShortcuts) fails the test.
 */
export const test = base.extend<{ shortcutConflicts: undefined }>({
  shortcutConflicts: [
    async ({ page }, use) => {
      const found: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && m.text().startsWith('Tastaturgenveje i konflikt')) found.push(m.text());
      });
      await use(undefined);
      expect(found).toEqual([]);
    },
    { auto: true },
  ],
});
