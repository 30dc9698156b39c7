import { createGlobalTheme } from '@vanilla-extract/css';

/**
 * Design tokens. Dark by design: near-black surfaces, a brushed-gold "metal" accent for primary
 * actions and a ruby accent for the Ruby Steel tier and highlights. Text colours are chosen to keep
 * at least 4.5:1 contrast on every surface token.
 */
export const vars = createGlobalTheme(':root', {
  color: {
    bg: '#0a0a0d',
    bgRaised: '#101014',
    surface: '#15151b',
    surfaceHover: '#1c1c24',
    surfaceSunken: '#0d0d11',
    border: 'rgba(255, 255, 255, 0.08)',
    borderStrong: 'rgba(255, 255, 255, 0.16)',
    text: '#f4f1ea',
    textMuted: '#a8a49b',
    textSubtle: '#8c887f',
    gold: '#d4af5f',
    goldBright: '#f0d78c',
    goldDeep: '#8f6e2e',
    onGold: '#16120a',
    ruby: '#c8324f',
    rubyBright: '#ef6b82',
    rubySurface: 'rgba(200, 50, 79, 0.14)',
    danger: '#ff7a7a',
    dangerSurface: 'rgba(255, 92, 92, 0.12)',
    dangerBorder: 'rgba(255, 122, 122, 0.4)',
    success: '#5ad69a',
    successSurface: 'rgba(90, 214, 154, 0.12)',
    successBorder: 'rgba(90, 214, 154, 0.4)',
    focus: '#f0d78c',
    overlay: 'rgba(5, 5, 8, 0.72)',
  },
  gradient: {
    gold: 'linear-gradient(135deg, #f6e4ab 0%, #d4af5f 42%, #a9843b 70%, #e9cf86 100%)',
    ruby: 'linear-gradient(135deg, #f08a9c 0%, #c8324f 45%, #6e1326 100%)',
    black: 'linear-gradient(135deg, #3a3a44 0%, #16161c 45%, #050507 100%)',
    page: 'radial-gradient(1200px 600px at 85% -10%, rgba(212, 175, 95, 0.10), transparent 60%), radial-gradient(900px 500px at -10% 10%, rgba(200, 50, 79, 0.08), transparent 60%)',
    sheen: 'linear-gradient(115deg, transparent 30%, rgba(255, 255, 255, 0.18) 45%, transparent 60%)',
  },
  space: {
    none: '0',
    xxs: '2px',
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    '2xl': '32px',
    '3xl': '48px',
    '4xl': '64px',
  },
  radius: {
    sm: '6px',
    md: '10px',
    lg: '16px',
    xl: '24px',
    pill: '999px',
  },
  font: {
    body: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    display: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, ui-serif, serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    '2xl': '1.75rem',
    '3xl': '2.25rem',
    hero: 'clamp(2.5rem, 9vw, 4.5rem)',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    semibold: '600',
    bold: '700',
  },
  lineHeight: {
    tight: '1.15',
    normal: '1.5',
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.5)',
    md: '0 8px 24px rgba(0, 0, 0, 0.45)',
    lg: '0 24px 64px rgba(0, 0, 0, 0.6)',
    gold: '0 8px 28px rgba(212, 175, 95, 0.25)',
    insetHighlight: 'inset 0 1px 0 rgba(255, 255, 255, 0.06)',
  },
  zIndex: {
    header: '40',
    menu: '50',
    toast: '100',
  },
  duration: {
    fast: '120ms',
    normal: '200ms',
    slow: '320ms',
  },
  layout: {
    maxWidth: '1200px',
    headerHeight: '64px',
  },
});
