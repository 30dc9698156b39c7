import { describe, expect, it } from 'vitest';
import { isEnglishOnlyRoute } from './englishOnly.ts';

describe('the routes whose content stays English (docs/architecture/i18n.md)', () => {
  it('are the marketing pages and the admin console', () => {
    for (const id of [
      '/(marketing)/',
      '/(marketing)/about',
      '/(marketing)/verify',
      '/admin',
      '/admin/users',
    ]) {
      expect(isEnglishOnlyRoute(id), id).toBe(true);
    }
  });

  it('are not the root, the sign-in screens nor the signed-in app, which are translated', () => {
    for (const id of [
      '__root__',
      '/',
      '/login',
      '/register',
      '/_authed',
      '/_authed/dashboard',
      '/administrator',
    ]) {
      expect(isEnglishOnlyRoute(id), id).toBe(false);
    }
  });
});
