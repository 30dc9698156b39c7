import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { FaqItem } from '@/content/faq.ts';
import * as styles from './Faq.css.ts';

/**
 * One FAQ group (docs/product-rules.md spec 4, "Help FAQ item"): one answer open at a time, and the open one can be
 * closed again — Radix Accordion, type single, collapsible.
 */
export function FaqAccordion({
  items,
  headingLevel = 3,
}: {
  items: readonly FaqItem[];
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <Accordion.Root type="single" collapsible className={styles.root}>
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} className={styles.item}>
          <Accordion.Header asChild>
            <Heading className={styles.header}>
              <Accordion.Trigger className={styles.trigger}>
                {item.question}
                <ChevronDown size={18} aria-hidden="true" className={styles.chevron} />
              </Accordion.Trigger>
            </Heading>
          </Accordion.Header>
          <Accordion.Content className={styles.content}>
            <p>{item.answer}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
