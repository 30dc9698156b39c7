import { createFileRoute, Link } from '@tanstack/react-router';
import {
  Bitcoin,
  BookOpen,
  CreditCard,
  LifeBuoy,
  Mail,
  MessageCircle,
  MessagesSquare,
  SearchX,
  Send,
  ShieldCheck,
  Video,
} from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { pageTitle, SUPPORT } from '@/content/constants.ts';
import { type FaqCategoryId, filterFaq, HELP_FAQ, SEARCHABLE_FAQ, withLiveFees } from '@/content/faq.ts';
import { useConversionFees } from '@/queries/config.queries.ts';
import { requestChatOpen } from '@/shell/ChatWidgetControl.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button, buttonClassName } from '@/ui/Button/Button.tsx';
import { ActionLink } from '@/ui/page/ActionLink.tsx';
import { FaqAccordion } from './-components/FaqAccordion.tsx';
import * as styles from './-components/Help.css.ts';
import * as publicStyles from './-components/Public.css.ts';
import { IconTile, PageHero, PublicPage, PublicSection, SectionHeading } from './-components/PublicPage.tsx';
import { SearchBox } from './-components/SearchBox.tsx';

export const Route = createFileRoute('/(marketing)/help')({
  head: () => ({ meta: [{ title: pageTitle('Help Center') }] }),
  component: HelpPage,
});

const CATEGORY_ICONS: Record<FaqCategoryId, typeof CreditCard> = {
  cards: CreditCard,
  crypto: Bitcoin,
  account: ShieldCheck,
  'cards-page': CreditCard,
};

/** The category cards, in the spec's order of anchors: #cards, #crypto, #account. */
const CATEGORY_CARD_ORDER: readonly FaqCategoryId[] = ['cards', 'crypto', 'account'];

/** docs/product-rules.md spec 2, "Help"; docs/product-rules.md rule 15: the search box filters the FAQ. */
function HelpPage() {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const searching = deferredQuery.trim() !== '';
  // The fees answer names the conversion fee's rates in force.
  const fees = useConversionFees();
  // Browsing shows the help centre's three topics; a search also finds the answers on the Cards page.
  const groups = withLiveFees(searching ? filterFaq(SEARCHABLE_FAQ, deferredQuery) : HELP_FAQ, fees);
  const resultCount = groups.reduce((total, group) => total + group.items.length, 0);

  return (
    <PublicPage>
      <PageHero
        centered
        eyebrow="Help Center"
        title="How can we help?"
        lead={`Search the answers below, or reach our team ${SUPPORT.availability}.`}
      >
        <SearchBox
          id="help-search"
          label="Search the help center"
          placeholder="Search for answers, e.g. withdrawal"
          value={query}
          onChange={setQuery}
          iconSize={20}
          classes={{
            searchWrap: styles.searchWrap,
            searchIcon: styles.searchIcon,
            searchInput: styles.searchInput,
          }}
        />
      </PageHero>

      <section className={publicStyles.sectionTight} aria-labelledby="topics-title">
        <h2 id="topics-title" className={visuallyHidden}>
          Browse by topic
        </h2>
        <ul className={publicStyles.grid.three}>
          {CATEGORY_CARD_ORDER.map((id) => {
            const category = HELP_FAQ.find((candidate) => candidate.id === id)!;
            const Icon = CATEGORY_ICONS[id];
            return (
              <li key={id}>
                <Link
                  to="/help"
                  hash={id}
                  className={publicStyles.tileLink}
                  // The group must be on the page to scroll to it.
                  onClick={() => setQuery('')}
                >
                  <span className={publicStyles.iconBadge}>
                    <Icon size={20} aria-hidden="true" />
                  </span>
                  <span className={publicStyles.tileTitle}>{category.title}</span>
                  <span className={publicStyles.tileText}>{category.description}</span>
                  <span className={publicStyles.small}>{category.items.length} articles</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section
        id="faq"
        className={`${publicStyles.section} ${publicStyles.anchorTarget}`}
        aria-labelledby="faq-title"
      >
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <p className={searching ? styles.results : visuallyHidden} aria-live="polite">
          {searching
            ? `${resultCount} ${resultCount === 1 ? 'answer' : 'answers'} for "${deferredQuery.trim()}"`
            : ''}
        </p>
        {groups.length === 0 ? (
          <div className={styles.noResults}>
            <SearchX size={32} aria-hidden="true" />
            <p className={publicStyles.tileTitle}>No answers found</p>
            <p>Try other words, or ask our team directly.</p>
            <div className={publicStyles.actions}>
              <Button variant="secondary" size="sm" onClick={() => setQuery('')}>
                Clear search
              </Button>
              <ActionLink to="/contact" size="sm">
                Contact Support
              </ActionLink>
            </div>
          </div>
        ) : (
          <div className={styles.faqGroups}>
            {groups.map((group) => {
              const Icon = CATEGORY_ICONS[group.id];
              return (
                <section
                  key={group.id}
                  id={group.id}
                  className={publicStyles.anchorTarget}
                  aria-labelledby={`${group.id}-title`}
                >
                  <div className={styles.faqGroupHead}>
                    <span className={publicStyles.iconBadge}>
                      <Icon size={20} aria-hidden="true" />
                    </span>
                    <h3 id={`${group.id}-title`} className={styles.faqGroupTitle}>
                      {group.title}
                    </h3>
                  </div>
                  {/* Keyed by the query so a new search starts with every answer closed. */}
                  <FaqAccordion key={deferredQuery} items={group.items} headingLevel={4} />
                </section>
              );
            })}
          </div>
        )}
      </section>

      <PublicSection
        id="still-title"
        eyebrow="Support"
        title="Still Need Help?"
        lead={`Our team is available ${SUPPORT.availability} in the ${SUPPORT.regions.join(', ')} regions.`}
      >
        <ul className={styles.helpGrid}>
          <IconTile
            icon={MessageCircle}
            title="Live chat"
            after={
              <Button variant="secondary" onClick={requestChatOpen} className={styles.soon}>
                Start a chat
              </Button>
            }
          >
            Instant answers from our automated assistant about cards, crypto and partner benefits.
          </IconTile>
          <IconTile
            icon={Send}
            title="Submit a request"
            after={
              <Link
                to="/contact"
                className={buttonClassName({ variant: 'secondary', className: styles.soon })}
              >
                Submit a request
              </Link>
            }
          >
            Describe your issue and our team replies by e-mail.
          </IconTile>
          <IconTile
            icon={Mail}
            title="Contact Support"
            after={
              <Link to="/contact" className={buttonClassName({ variant: 'primary', className: styles.soon })}>
                Contact Support
              </Link>
            }
          >
            Write to <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a> or find our office details.
          </IconTile>
          <IconTile
            icon={MessagesSquare}
            title="Visit Community Forum"
            after={<span className={`${publicStyles.pill} ${styles.soon}`}>Coming soon</span>}
          >
            Swap tips with other cardholders.
          </IconTile>
        </ul>
      </PublicSection>

      <PublicSection id="resources-title" eyebrow="Resources" title="Learn at your own pace">
        <ul className={publicStyles.grid.three}>
          <IconTile
            icon={Video}
            title="Video Tutorials"
            after={<span className={`${publicStyles.pill} ${styles.soon}`}>Coming soon</span>}
          >
            Step-by-step videos for every part of the app.
          </IconTile>
          <IconTile
            icon={LifeBuoy}
            title="Community Forum"
            after={<span className={`${publicStyles.pill} ${styles.soon}`}>Coming soon</span>}
          >
            Questions and answers from the community.
          </IconTile>
          <IconTile
            icon={BookOpen}
            title="Knowledge Base"
            after={
              <Link
                to="/help"
                hash="faq"
                onClick={() => setQuery('')}
                className={buttonClassName({ variant: 'secondary', className: styles.soon })}
              >
                Browse the FAQ
              </Link>
            }
          >
            Every answer in one place, searchable above.
          </IconTile>
        </ul>
      </PublicSection>
    </PublicPage>
  );
}
