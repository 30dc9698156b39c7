import { createFileRoute } from '@tanstack/react-router';
import { Clock, Globe, Mail, MapPin, MessageCircle } from 'lucide-react';
import { pageTitle, SUPPORT } from '@/content/constants.ts';
import { requestChatOpen } from '@/shell/ChatWidgetControl.ts';
import { card } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as styles from './-components/Contact.css.ts';
import { ContactForm } from './-components/ContactForm.tsx';
import * as publicStyles from './-components/Public.css.ts';
import { PageHero, PublicPage } from './-components/PublicPage.tsx';

export const Route = createFileRoute('/(marketing)/contact')({
  head: () => ({ meta: [{ title: pageTitle('Contact') }] }),
  component: ContactPage,
});

function ContactPage() {
  return (
    <PublicPage>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        lead={`Questions about your wallet, card or a partner offer? Write to us; support is available ${SUPPORT.availability}.`}
      />
      <div className={`${styles.layout} ${publicStyles.sectionTight}`}>
        <div className={card}>
          <ContactForm />
        </div>
        <aside className={styles.details} aria-label="Contact details">
          <div className={card}>
            <div className={styles.details}>
              <div className={styles.detailRow}>
                <span className={publicStyles.iconBadge}>
                  <Mail size={20} aria-hidden="true" />
                </span>
                <div>
                  <h2 className={styles.detailTitle}>Email</h2>
                  <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
                </div>
              </div>
              <div className={styles.detailRow}>
                <span className={publicStyles.iconBadge}>
                  <MapPin size={20} aria-hidden="true" />
                </span>
                <div>
                  <h2 className={styles.detailTitle}>Office</h2>
                  <address className={styles.address}>
                    {SUPPORT.address.map((line) => (
                      <span key={line}>
                        {line}
                        <br />
                      </span>
                    ))}
                  </address>
                </div>
              </div>
              <div className={styles.detailRow}>
                <span className={publicStyles.iconBadge}>
                  <Clock size={20} aria-hidden="true" />
                </span>
                <div>
                  <h2 className={styles.detailTitle}>Business hours</h2>
                  <dl className={styles.hours}>
                    {SUPPORT.hours.map((entry) => (
                      <div key={entry.days} className={styles.hoursRow}>
                        <dt className={styles.hoursDay}>{entry.days}</dt>
                        <dd className={styles.hoursTime}>{entry.time}</dd>
                      </div>
                    ))}
                  </dl>
                  <p className={publicStyles.small}>{SUPPORT.hoursTimeZone}</p>
                </div>
              </div>
            </div>
          </div>
          <div className={card}>
            <div className={styles.details}>
              <div className={styles.detailRow}>
                <span className={publicStyles.iconBadge}>
                  <Globe size={20} aria-hidden="true" />
                </span>
                <div>
                  <h2 className={styles.detailTitle}>Global support {SUPPORT.availability}</h2>
                  <p className={publicStyles.small}>Around the clock, in every region we serve:</p>
                </div>
              </div>
              <ul className={styles.regions}>
                {SUPPORT.regions.map((region) => (
                  <li key={region} className={`${publicStyles.pill} ${publicStyles.pillGold}`}>
                    {region}
                  </li>
                ))}
              </ul>
              <Button icon={MessageCircle} variant="secondary" onClick={requestChatOpen}>
                Chat with our assistant
              </Button>
            </div>
          </div>
        </aside>
      </div>
    </PublicPage>
  );
}
