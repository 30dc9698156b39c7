import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module for each test: it holds the page's one current language. */
async function freshI18n() {
  vi.resetModules();
  return import('./i18n.ts');
}

describe('loading the languages', () => {
  let i18n: Awaited<ReturnType<typeof freshI18n>>;
  beforeEach(async () => {
    i18n = await freshI18n();
  });

  it('loads the texts every page shows first, and the signed-in app texts only when asked', async () => {
    await i18n.loadLocale('en');
    expect(i18n.t('shell.error')).toBe('Error');
    expect(i18n.t('dashboard.loading')).toBe('dashboard.loading');
    await i18n.loadAppMessages();
    expect(i18n.t('dashboard.loading')).toBe('Loading dashboard…');
  });

  it('makes every caller of loadAppMessages wait for the same load (a preload, then the navigation)', async () => {
    await i18n.loadLocale('de');
    const preload = i18n.loadAppMessages();
    const navigation = i18n.loadAppMessages();
    await navigation;
    expect(i18n.t('dashboard.loading')).toBe('Übersicht wird geladen…');
    await preload;
  });

  it('lets the later of two overlapping switches win, and the earlier caller waits for it', async () => {
    await i18n.loadLocale('en');
    const toGerman = i18n.setLocale('de');
    const toFrench = i18n.setLocale('fr');
    await toGerman;
    expect(i18n.currentLocale()).toBe('fr');
    await toFrench;
    expect(i18n.currentLocale()).toBe('fr');
    expect(i18n.englishText('shell.error')).toBe('Error');
  });
});
