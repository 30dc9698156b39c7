import { useEffect } from 'react';

/**
 * Lets any page open the support chat (e.g. the help page's "Live chat" button). The widget itself is
 * lazy-loaded, so a request made before it has loaded is kept and honoured when it mounts.
 */

let pending = false;
const listeners = new Set<() => void>();

export function requestChatOpen(): void {
  pending = true;
  for (const listener of listeners) listener();
}

/** Used by the widget: calls `onOpen` for each request, including one made before it mounted. */
export function useChatOpenRequests(onOpen: () => void): void {
  useEffect(() => {
    const listener = () => {
      pending = false;
      onOpen();
    };
    listeners.add(listener);
    if (pending) listener();
    return () => {
      listeners.delete(listener);
    };
  }, [onOpen]);
}
