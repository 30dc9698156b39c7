import { Link } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { Accordion, NavigationMenu } from 'radix-ui';
import { type PointerEvent, useId } from 'react';
import { NAV_MENUS } from '@/content/navigation.ts';
import { ENGLISH_ONLY } from '@/i18n/englishOnly.ts';
import { buttonClassName } from '@/ui/Button/Button.tsx';
import { MenuToggle, useFoldedMenu } from './FoldedMenu.tsx';
import { LogoLink } from './Logo.tsx';
import * as styles from './PublicHeader.css.ts';

/**
 * The visitor's header bar (docs/product-rules.md spec 2, "Landing"): Products, Features, Learn and Company menus,
 * Pricing, Login and Get Started. From desktop width the menus are Radix NavigationMenu dropdowns;
 * below it they fold into a panel opened by the menu button, one group open at a time.
 */
export function VisitorBar() {
  const panelId = useId();
  const { open, toggle } = useFoldedMenu();

  return (
    <>
      <LogoLink to="/" />
      <DesktopMenus />
      <div className={styles.actions}>
        <Link
          to="/login"
          lang={ENGLISH_ONLY}
          className={buttonClassName({ variant: 'ghost', size: 'sm', className: styles.loginButton })}
        >
          Login
        </Link>
        <Link
          to="/register"
          lang={ENGLISH_ONLY}
          className={buttonClassName({ variant: 'primary', size: 'sm' })}
        >
          Get Started
        </Link>
        <MenuToggle open={open} controls={panelId} onToggle={toggle} className={styles.menuToggle} />
      </div>
      {/* Rendered only while open, so the closed panel is not a second "Main" landmark. */}
      <div id={panelId} hidden={!open}>
        {open ? <MobilePanel /> : null}
      </div>
    </>
  );
}

/**
 * The menus open and close on click (and keyboard), not on hover: Radix's hover-open made a click right
 * after the pointer arrived close the menu it had just opened. Preventing the default skips Radix's
 * pointer handlers.
 */
const clickOnly = (event: PointerEvent<HTMLElement>) => event.preventDefault();

function DesktopMenus() {
  return (
    <NavigationMenu.Root
      aria-label="Main"
      lang={ENGLISH_ONLY}
      className={styles.desktopNav}
      delayDuration={150}
    >
      <NavigationMenu.List className={styles.navList}>
        {NAV_MENUS.map((menu) => (
          <NavigationMenu.Item key={menu.label} value={menu.label} className={styles.navItem}>
            <NavigationMenu.Trigger
              className={styles.trigger}
              onPointerMove={clickOnly}
              onPointerLeave={clickOnly}
            >
              {menu.label}
              <ChevronDown size={14} aria-hidden="true" className={styles.chevron} />
            </NavigationMenu.Trigger>
            <NavigationMenu.Content className={styles.content} onPointerLeave={clickOnly}>
              <ul className={styles.menuLinks}>
                {menu.links.map((link) => (
                  <li key={link.to}>
                    <NavigationMenu.Link asChild>
                      <Link to={link.to} className={styles.menuLink}>
                        <span className={styles.menuLinkLabel}>{link.label}</span>
                        {link.description ? (
                          <span className={styles.menuLinkText}>{link.description}</span>
                        ) : null}
                      </Link>
                    </NavigationMenu.Link>
                  </li>
                ))}
              </ul>
            </NavigationMenu.Content>
          </NavigationMenu.Item>
        ))}
        <NavigationMenu.Item className={styles.navItem}>
          <NavigationMenu.Link asChild>
            <Link to="/pricing" className={styles.trigger}>
              Pricing
            </Link>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}

function MobilePanel() {
  return (
    <nav aria-label="Main" lang={ENGLISH_ONLY} className={styles.mobilePanel}>
      <Accordion.Root type="single" collapsible>
        {NAV_MENUS.map((menu) => (
          <Accordion.Item key={menu.label} value={menu.label} className={styles.accordionItem}>
            {/* A menu group, not a document heading: the header element is a plain div. */}
            <Accordion.Header asChild>
              <div className={styles.accordionHeader}>
                <Accordion.Trigger className={styles.accordionTrigger}>
                  {menu.label}
                  <ChevronDown size={18} aria-hidden="true" className={styles.accordionChevron} />
                </Accordion.Trigger>
              </div>
            </Accordion.Header>
            <Accordion.Content>
              <ul className={styles.mobileLinks}>
                {menu.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={styles.mobileLink}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <Link to="/pricing" className={styles.mobileSingle}>
        Pricing
      </Link>
      <div className={styles.mobileActions}>
        <Link to="/login" className={buttonClassName({ variant: 'secondary', fullWidth: true })}>
          Login
        </Link>
        <Link to="/register" className={buttonClassName({ variant: 'primary', fullWidth: true })}>
          Get Started
        </Link>
      </div>
    </nav>
  );
}
