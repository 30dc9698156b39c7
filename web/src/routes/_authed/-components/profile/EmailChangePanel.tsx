/** Placeholder: filled in by issue 36's security centre work. */
export function EmailChangePanel() {
  return null;
}
