import type { LegalDocument } from '@/content/legal.ts';
import * as styles from './Legal.css.ts';
import * as publicStyles from './Public.css.ts';
import { PageHero, PublicPage } from './PublicPage.tsx';

/** A static policy page with a table of contents. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <PublicPage>
      <PageHero eyebrow="Legal" title={document.title} lead={document.intro} />
      <p className={publicStyles.small}>Last updated: {document.lastUpdated}</p>
      <div className={styles.layout}>
        <nav aria-label="On this page" className={styles.toc}>
          <p className={styles.tocTitle}>On this page</p>
          <ol className={styles.tocList}>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={styles.tocLink}>
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={styles.body}>
          {document.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className={`${styles.section} ${publicStyles.anchorTarget}`}
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`} className={styles.heading}>
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </PublicPage>
  );
}
