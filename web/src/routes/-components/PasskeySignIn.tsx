/** Placeholder: filled in by issue 36's passkey work (sign in with a passkey). */
export function PasskeySignIn() {
  return null;
}
