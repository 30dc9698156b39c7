import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { pageTitle, STATS } from '@/content/constants.ts';
import {
  categorySlug,
  PARTNER_CATEGORIES,
  PARTNERS,
  type PartnerCategory,
  searchPartners,
} from '@/content/partners.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { PartnerCard } from './-components/PartnerCard.tsx';
import * as styles from './-components/Partners.css.ts';
import { PageHero, PublicPage } from './-components/PublicPage.tsx';
import { SearchBox } from './-components/SearchBox.tsx';

const ALL = 'all';

interface DirectorySearch {
  q?: string;
  category?: string;
}

const categoryBySlug = new Map<string, PartnerCategory>(
  PARTNER_CATEGORIES.map((category) => [categorySlug(category), category]),
);

export const Route = createFileRoute('/(marketing)/all-partners')({
  head: () => ({ meta: [{ title: pageTitle('All Partners') }] }),
  // The tab and the query live in the address, so a search can be shared or bookmarked.
  validateSearch: (search: Record<string, unknown>): DirectorySearch => {
    const result: DirectorySearch = {};
    if (typeof search.q === 'string' && search.q !== '') result.q = search.q.slice(0, 100);
    if (typeof search.category === 'string' && categoryBySlug.has(search.category)) {
      result.category = search.category;
    }
    return result;
  },
  component: AllPartnersPage,
});

/** docs/product-rules.md spec 2: a searchable partner directory in tabs by category. */
function AllPartnersPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [query, setQuery] = useState(search.q ?? '');
  const tab = search.category ?? ALL;

  const update = (next: DirectorySearch) => {
    const merged = { ...search, ...next };
    void navigate({
      search: {
        ...(merged.q ? { q: merged.q } : {}),
        ...(merged.category && merged.category !== ALL ? { category: merged.category } : {}),
      },
      replace: true,
      resetScroll: false,
    });
  };

  const matches = searchPartners(PARTNERS, query);
  const tabs = [
    { value: ALL, label: 'All', partners: matches },
    ...PARTNER_CATEGORIES.map((category) => ({
      value: categorySlug(category),
      label: category,
      partners: matches.filter((partner) => partner.category === category),
    })),
  ];

  return (
    <PublicPage>
      <PageHero
        eyebrow="Partner directory"
        title="All partners"
        lead={`${PARTNERS.length} featured partners in six categories, part of a network of ${STATS.partnerLocations} locations. Search by name, category or offer.`}
      />
      <h2 className={visuallyHidden}>Partner directory</h2>
      <div className={styles.toolbar}>
        <SearchBox
          id="partner-search"
          label="Search partners"
          placeholder="Search by name, category or discount"
          value={query}
          onChange={(value) => {
            setQuery(value);
            update({ q: value });
          }}
          iconSize={18}
          classes={{
            searchWrap: styles.searchWrap,
            searchIcon: styles.searchIcon,
            searchInput: styles.searchInput,
          }}
        />
      </div>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => update({ category: value })}
        className={styles.tabsRoot}
      >
        <Tabs.List className={styles.tabList} aria-label="Partner categories">
          {tabs.map((item) => (
            <Tabs.Trigger key={item.value} value={item.value} className={styles.tab}>
              {item.label}
              <span className={styles.tabCount}>({item.partners.length})</span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((item) => (
          <Tabs.Content key={item.value} value={item.value} className={styles.tabPanel}>
            <p className={styles.resultCount} aria-live="polite">
              {item.partners.length === 1 ? '1 partner' : `${item.partners.length} partners`}
              {query.trim() ? ` matching "${query.trim()}"` : ''}
            </p>
            {item.partners.length === 0 ? (
              <div className={styles.empty}>
                <SearchX size={32} aria-hidden="true" />
                <p className={styles.emptyTitle}>No partners found</p>
                <p>Try adjusting your search terms</p>
                {query ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setQuery('');
                      update({ q: '' });
                    }}
                  >
                    Clear search
                  </Button>
                ) : null}
              </div>
            ) : (
              <ul className={styles.grid}>
                {item.partners.map((partner) => (
                  <li key={partner.id}>
                    <PartnerCard partner={partner} headingLevel={3} />
                  </li>
                ))}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </PublicPage>
  );
}
