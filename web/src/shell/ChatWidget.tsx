import { Bot, ChevronDown, ChevronUp, MessageCircle, SendHorizontal, X } from 'lucide-react';
import { type FormEvent, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { agentInitials, CHAT_TIMINGS, type ChatAgent, cannedReply, greeting } from '@/content/chat.ts';
import { t } from '@/i18n/i18n.ts';
import { formatTime } from '@/lib/format.ts';
import { useConversionFees } from '@/queries/config.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import * as styles from './ChatWidget.css.ts';
import { useChatOpenRequests } from './ChatWidgetControl.ts';
import { type ChatMessage, loadAgent, loadMessages, newMessage, saveMessages } from './ChatWidgetStorage.ts';

/**
 * The floating support chat (spec sections 2 and 4): a local, canned-reply assistant that says so in its
 * header (docs/product-rules.md rule 15). Closed shows the launcher; open is either minimized (header only) or
 * expanded. Messages and the assigned agent persona are kept in local storage. Every text is in the page's
 * language (web/src/i18n, area `chat`), the times too; saved messages keep the language they were written
 * in (content/chat.ts says why).
 */

type View = 'closed' | 'minimized' | 'expanded';

export function ChatWidget() {
  const [view, setView] = useState<View>('closed');
  const [agent] = useState(() => loadAgent());
  const [messages, setMessages] = useState<ChatMessage[]>(loadMessages);
  const [connecting, setConnecting] = useState(false);
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState('');
  const replyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  const panelId = useId();
  const isOpen = view !== 'closed';
  // The fees answer names the conversion fee's rates in force; asked for once the chat is opened.
  const fees = useConversionFees(isOpen);
  const hasMessages = messages.length > 0;

  const open = useCallback(() => setView('expanded'), []);
  useChatOpenRequests(open);

  // Saved on every change, so the conversation survives reloads and page changes.
  useEffect(() => {
    saveMessages(messages);
  }, [messages]);

  // First open with no messages: "Connecting to {agent}..." for 2 s, then the agent's greeting.
  useEffect(() => {
    if (!isOpen || hasMessages) return;
    setConnecting(true);
    const timer = setTimeout(() => {
      setMessages((current) => (current.length > 0 ? current : [newMessage('assistant', greeting(agent))]));
      setConnecting(false);
    }, CHAT_TIMINGS.connectingMs);
    return () => {
      clearTimeout(timer);
      setConnecting(false);
    };
  }, [isOpen, hasMessages, agent]);

  useEffect(() => () => clearTimeout(replyTimer.current), []);

  // Newest message in view; focus to the input when expanded, back to the launcher when closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the log's content changes
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, typing, connecting, view]);
  useEffect(() => {
    if (view === 'expanded') inputRef.current?.focus();
    if (view === 'closed' && returnFocus.current) {
      returnFocus.current = false;
      launcherRef.current?.focus();
    }
  }, [view]);

  const pending = connecting || typing;
  const canSend = draft.trim() !== '' && !pending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = draft.trim();
    if (text === '' || pending) return;
    setMessages((current) => [...current, newMessage('user', text)]);
    setDraft('');
    setTyping(true);
    replyTimer.current = setTimeout(() => {
      setMessages((current) => [...current, newMessage('assistant', cannedReply(text, Math.random(), fees))]);
      setTyping(false);
    }, CHAT_TIMINGS.typingMs);
  };

  const close = () => {
    returnFocus.current = true;
    setView('closed');
  };

  if (!isOpen) {
    return (
      <button
        ref={launcherRef}
        type="button"
        data-print="hide"
        className={styles.launcher}
        aria-label={t('chat.open')}
        aria-controls={panelId}
        aria-expanded={false}
        onClick={open}
      >
        <MessageCircle size={24} aria-hidden="true" />
      </button>
    );
  }

  const expanded = view === 'expanded';
  return (
    <section
      id={panelId}
      aria-label={t('chat.region')}
      data-print="hide"
      className={`${styles.panel} ${expanded ? styles.panelExpanded : ''}`}
    >
      <ChatHeader
        agent={agent}
        expanded={expanded}
        onToggle={() => setView(expanded ? 'minimized' : 'expanded')}
        onClose={close}
      />
      {expanded ? (
        <>
          <ChatLog
            logRef={logRef}
            agent={agent}
            messages={messages}
            connecting={connecting}
            typing={typing}
          />
          <ChatForm
            inputRef={inputRef}
            draft={draft}
            onDraft={setDraft}
            canSend={canSend}
            onSubmit={onSubmit}
          />
          <p className={styles.note}>{t('chat.note')}</p>
        </>
      ) : null}
    </section>
  );
}

/** The chat's header: the agent, its role, and the buttons that minimize or expand and close the chat. */
function ChatHeader({
  agent,
  expanded,
  onToggle,
  onClose,
}: {
  agent: ChatAgent;
  expanded: boolean;
  onToggle: () => void;
  onClose: () => void;
}) {
  return (
    <div className={styles.header}>
      <AgentAvatar agent={agent} online />
      <div className={styles.who}>
        <h2 className={styles.agentName}>{agent.name}</h2>
        <span className={styles.agentRole}>{t('chat.role')}</span>
      </div>
      <button
        type="button"
        className={styles.headerButton}
        aria-label={expanded ? t('chat.minimize') : t('chat.expand')}
        aria-expanded={expanded}
        onClick={onToggle}
      >
        {expanded ? <ChevronDown size={18} aria-hidden="true" /> : <ChevronUp size={18} aria-hidden="true" />}
      </button>
      <button type="button" className={styles.headerButton} aria-label={t('chat.close')} onClick={onClose}>
        <X size={18} aria-hidden="true" />
      </button>
    </div>
  );
}

/** The conversation, with "Connecting to ..." before the greeting and the dots while the agent types. */
function ChatLog({
  logRef,
  agent,
  messages,
  connecting,
  typing,
}: {
  logRef: RefObject<HTMLDivElement | null>;
  agent: ChatAgent;
  messages: ChatMessage[];
  connecting: boolean;
  typing: boolean;
}) {
  // Focusable: a long conversation scrolls, and a keyboard must be able to scroll it too.
  return (
    <div
      ref={logRef}
      className={styles.log}
      role="log"
      aria-live="polite"
      aria-label={t('chat.log')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus (WCAG 2.1.1)
      tabIndex={0}
    >
      {messages.map((item) => (
        <div key={item.id} className={styles.row[item.role]}>
          {item.role === 'assistant' ? <AgentAvatar agent={agent} small /> : null}
          <p className={styles.bubble[item.role]}>
            <span>{item.content}</span>
            <time dateTime={item.timestamp} className={styles.time[item.role]}>
              <span className={visuallyHidden}>{item.role === 'user' ? t('chat.you') : agent.name}, </span>
              {formatTime(item.timestamp)}
            </time>
          </p>
        </div>
      ))}
      {connecting ? (
        <p className={styles.status}>
          <Bot size={14} aria-hidden="true" />
          {t('chat.connecting', { agent: agent.name })}
        </p>
      ) : null}
      {typing ? (
        <div className={styles.row.assistant}>
          <AgentAvatar agent={agent} small />
          <p className={styles.bubble.assistant}>
            <span className={visuallyHidden}>{t('chat.typing', { agent: agent.name })}</span>
            <span className={styles.dots} aria-hidden="true">
              <span className={styles.dot} />
              <span className={styles.dot} />
              <span className={styles.dot} />
            </span>
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The message box and its Send button, disabled while empty or while the agent connects or types. */
function ChatForm({
  inputRef,
  draft,
  onDraft,
  canSend,
  onSubmit,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  draft: string;
  onDraft: (draft: string) => void;
  canSend: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <input
        ref={inputRef}
        className={styles.input}
        value={draft}
        onChange={(event) => onDraft(event.target.value)}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.input')}
        maxLength={1000}
        autoComplete="off"
      />
      <button type="submit" className={styles.send} aria-label={t('chat.send')} disabled={!canSend}>
        <SendHorizontal size={18} aria-hidden="true" />
      </button>
    </form>
  );
}

function AgentAvatar({
  agent,
  small = false,
  online = false,
}: {
  agent: ChatAgent;
  small?: boolean;
  online?: boolean;
}) {
  const [from, to] = agent.colors;
  return (
    <span
      className={`${styles.avatar} ${small ? styles.avatarSmall : ''}`}
      style={{ background: `linear-gradient(135deg, ${from}, ${to})` }}
      aria-hidden="true"
    >
      {agentInitials(agent)}
      {online ? <span className={styles.onlineDot} /> : null}
    </span>
  );
}
