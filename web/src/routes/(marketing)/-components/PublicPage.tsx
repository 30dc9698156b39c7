import { Check, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Footer } from '@/shell/Footer.tsx';
import { container, eyebrow as eyebrowClass } from '@/styles/layout.css.ts';
import * as styles from './Public.css.ts';

/** A public page: its content in the centred column, then the footer. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <>
      <div className={container}>{children}</div>
      <Footer />
    </>
  );
}

export interface PageHeroProps {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  centered?: boolean;
  children?: ReactNode;
}

/** The page's h1 with an eyebrow line, a lead paragraph and optional actions. */
export function PageHero({ eyebrow, title, lead, centered = false, children }: PageHeroProps) {
  return (
    <header className={`${styles.hero} ${centered ? styles.heroCentered : ''}`}>
      {eyebrow ? <p className={eyebrowClass}>{eyebrow}</p> : null}
      <h1 className={styles.heroTitle}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
      {children ? <div className={styles.actions}>{children}</div> : null}
    </header>
  );
}

export interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  centered?: boolean;
}

/** A section's h2; `id` labels the section (aria-labelledby). */
export function SectionHeading({ id, eyebrow, title, lead, centered = false }: SectionHeadingProps) {
  return (
    <div className={`${styles.sectionHead} ${centered ? styles.sectionHeadCentered : ''}`}>
      {eyebrow ? <p className={eyebrowClass}>{eyebrow}</p> : null}
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </div>
  );
}

/** A page's section under its heading, which labels it; `tight` for the one right under the hero. */
export function PublicSection({
  tight = false,
  children,
  ...heading
}: SectionHeadingProps & { tight?: boolean; children: ReactNode }) {
  return (
    <section className={tight ? styles.sectionTight : styles.section} aria-labelledby={heading.id}>
      <SectionHeading {...heading} />
      {children}
    </section>
  );
}

export interface IconTileProps {
  icon: LucideIcon;
  title: ReactNode;
  /** A figure shown large above the title ("24/7", "$250M"). */
  figure?: ReactNode;
  /** Under the text: an action or a "Coming soon" pill. */
  after?: ReactNode;
  /** The tile's text. */
  children: ReactNode;
}

/** A list tile: the icon in its badge, an h3 title, its text, and what comes `after`. */
export function IconTile({ icon: Icon, title, figure, after, children }: IconTileProps) {
  return (
    <li className={styles.tile}>
      <span className={styles.iconBadge}>
        <Icon size={20} aria-hidden="true" />
      </span>
      {figure === undefined ? null : <p className={styles.statValue}>{figure}</p>}
      <h3 className={styles.tileTitle}>{title}</h3>
      <p className={styles.tileText}>{children}</p>
      {after}
    </li>
  );
}

/** One icon tile's content; its title keys it in the grid. */
export interface IconTileItem {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  after?: ReactNode;
}

/** Icon tiles three to a row. */
export function IconTileGrid({ tiles }: { tiles: readonly IconTileItem[] }) {
  return (
    <ul className={styles.grid.three}>
      {tiles.map(({ text, ...tile }) => (
        <IconTile key={tile.title} {...tile}>
          {text}
        </IconTile>
      ))}
    </ul>
  );
}

/** The closing call to action: an h2 with a lead, beside its links. `id` labels the section. */
export function CtaBand({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: ReactNode;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.band}>
        <div>
          <h2 id={id} className={styles.sectionTitle}>
            {title}
          </h2>
          <p className={styles.lead}>{lead}</p>
        </div>
        <div className={styles.actions}>{children}</div>
      </div>
    </section>
  );
}

/** One line of a `publicStyles.checkList`, ticked. */
export function CheckItem({ children }: { children: ReactNode }) {
  return (
    <li className={styles.checkItem}>
      <Check size={16} aria-hidden="true" className={styles.checkIcon} />
      {children}
    </li>
  );
}
