import { afterEach, describe, expect, it, vi } from 'vitest';
import { newMessage, readStoredMessages } from './ChatWidgetStorage.ts';

describe('readStoredMessages (docs/product-rules.md spec 8: unreadable stored data is logged and ignored)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads back what was saved', () => {
    const saved = [newMessage('assistant', 'Hi'), newMessage('user', 'card')];
    expect(readStoredMessages(JSON.stringify(saved))).toEqual(saved);
  });

  it('ignores nothing stored, broken JSON and anything that is not a list of messages', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readStoredMessages(null)).toEqual([]);
    expect(readStoredMessages('{not json')).toEqual([]);
    expect(readStoredMessages('{"a":1}')).toEqual([]);
    expect(
      readStoredMessages(JSON.stringify([{ id: 'x', content: 'hi', role: 'robot', timestamp: 'now' }])),
    ).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('keeps only the latest 100 messages', () => {
    const many = Array.from({ length: 120 }, (_, index) => newMessage('user', `m${index}`));
    const read = readStoredMessages(JSON.stringify(many));
    expect(read).toHaveLength(100);
    expect(read[0]?.content).toBe('m20');
  });
});
