// Sets the colour theme before the first paint (no flash): the choice kept by web/src/lib/theme.ts in
// localStorage ('light', 'dark', else the device's setting). A file, not inline: the CSP allows only 'self'.
(() => {
  let choice = 'system';
  try {
    choice = window.localStorage.getItem('sai-theme') || 'system';
  } catch {}
  const dark =
    choice === 'dark' ||
    (choice !== 'light' && !window.matchMedia?.('(prefers-color-scheme: light)').matches);
  const theme = dark ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0a0a0d' : '#f6f4ef');
})();
