import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n.ts';
import { campaignPhaseText, campaignTokenAmount } from './campaignPhase.ts';

const campaign = {
  startsAt: '2026-06-01T00:00:00.000Z',
  endsAt: '2027-05-15T23:59:59.000Z',
  drawAt: '2027-05-31T12:00:00.000Z',
};

describe('campaignPhaseText', () => {
  it('names the dates of the one campaign answer in each phase', () => {
    expect(campaignPhaseText(campaign, new Date('2026-05-31T23:59:59Z'))).toEqual({
      phase: 'upcoming',
      text: 'Opens on June 1, 2026, closes on May 15, 2027; the winner is drawn on May 31, 2027.',
    });
    expect(campaignPhaseText(campaign, new Date('2026-06-01T00:00:00Z'))).toEqual({
      phase: 'open',
      text: 'Open now until May 15, 2027; the winner is drawn on May 31, 2027.',
    });
    expect(campaignPhaseText(campaign, new Date('2027-05-15T23:59:59Z')).phase).toBe('open');
    expect(campaignPhaseText(campaign, new Date('2027-05-16T00:00:00Z'))).toEqual({
      phase: 'closed',
      text: 'Closed on May 15, 2027; the winner is drawn on May 31, 2027.',
    });
  });
});

describe('campaignPhaseText in another language', () => {
  afterEach(() => setLocale('en'));

  it('writes the dates and the sentence in French', async () => {
    await setLocale('fr');
    expect(campaignPhaseText(campaign, new Date('2026-06-01T00:00:00Z')).text).toBe(
      'Ouvert jusqu’au 15 mai 2027 ; le gagnant est tiré au sort le 31 mai 2027.',
    );
    expect(campaignTokenAmount('25000.50')).toBe('25\u202f000,50');
  });
});
