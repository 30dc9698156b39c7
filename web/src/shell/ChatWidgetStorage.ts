import { agentByName, type ChatAgent, pickAgent } from '@/content/chat.ts';

/**
 * The chat's browser storage (docs/product-rules.md spec 3, "Browser storage": saved chat messages, chosen agent).
 * docs/product-rules.md spec 8: unreadable stored data is logged and ignored, never trusted.
 */

export interface ChatMessage {
  id: string;
  content: string;
  role: 'user' | 'assistant';
  /** ISO 8601; shown as hour and minute. */
  timestamp: string;
}

export const CHAT_STORAGE_KEYS = {
  messages: 'sai.chat.messages',
  agent: 'sai.chat.agent',
} as const;

/** Older messages are dropped beyond this, so storage stays small. */
export const MAX_STORED_MESSAGES = 100;

let idCounter = 0;
function newId(): string {
  idCounter += 1;
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${idCounter}`;
}

export function newMessage(role: ChatMessage['role'], content: string, now: Date = new Date()): ChatMessage {
  return { id: newId(), role, content, timestamp: now.toISOString() };
}

function isMessage(value: unknown): value is ChatMessage {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.content === 'string' &&
    (candidate.role === 'user' || candidate.role === 'assistant') &&
    typeof candidate.timestamp === 'string' &&
    !Number.isNaN(new Date(candidate.timestamp).getTime())
  );
}

/** Saved messages, or none when what is stored is not a list of well-formed messages. */
export function readStoredMessages(raw: string | null): ChatMessage[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !parsed.every(isMessage)) {
      console.warn('Ignoring unreadable saved chat messages');
      return [];
    }
    return parsed.slice(-MAX_STORED_MESSAGES);
  } catch (error) {
    console.warn('Ignoring unreadable saved chat messages', error);
    return [];
  }
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage blocked (e.g. by browser settings): the chat works for this visit only.
    return null;
  }
}

export function loadMessages(): ChatMessage[] {
  try {
    return readStoredMessages(storage()?.getItem(CHAT_STORAGE_KEYS.messages) ?? null);
  } catch {
    return [];
  }
}

export function saveMessages(messages: readonly ChatMessage[]): void {
  try {
    storage()?.setItem(CHAT_STORAGE_KEYS.messages, JSON.stringify(messages.slice(-MAX_STORED_MESSAGES)));
  } catch {
    // Storage full or blocked: the conversation lasts for this visit only.
  }
}

/** The persona chosen for this browser: picked at random once, then remembered. */
export function loadAgent(random: () => number = Math.random): ChatAgent {
  const store = storage();
  let saved: string | null = null;
  try {
    saved = store?.getItem(CHAT_STORAGE_KEYS.agent) ?? null;
  } catch {
    saved = null;
  }
  const known = agentByName(saved);
  if (known) return known;
  if (saved !== null) console.warn('Ignoring unreadable saved chat agent');
  const agent = pickAgent(random());
  try {
    store?.setItem(CHAT_STORAGE_KEYS.agent, agent.name);
  } catch {
    // Storage full or blocked: the persona lasts for this visit only.
  }
  return agent;
}
