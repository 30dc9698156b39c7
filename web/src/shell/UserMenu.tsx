import { Link } from '@tanstack/react-router';
import { ChevronDown, LogOut, type LucideIcon, Settings, Shield, User as UserIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { t } from '@/i18n/i18n.ts';
import { displayName, initials } from '@/lib/format.ts';
import type { User } from '@/queries/auth.queries.ts';
import * as styles from './UserMenu.css.ts';
import { useSignOut } from './useSignOut.ts';

export function UserMenu({ user }: { user: User }) {
  const { signOut } = useSignOut();
  const name = displayName(user);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while it is open, yet the
    // page's links stay focusable behind it; a plain menu with Radix's focus handling is enough here.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.trigger}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(user)}
        </span>
        <span className={styles.triggerName}>{name}</span>
        <ChevronDown size={16} aria-hidden="true" className={styles.chevron} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} collisionPadding={8} className={styles.content}>
          <DropdownMenu.Label className={styles.label}>
            <span className={styles.labelName}>{fullName}</span>
            <span className={styles.labelEmail}>{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.separator} />
          <MenuLink to="/profile" icon={UserIcon} label={t('shell.user.profile')} />
          <MenuLink to="/profile" icon={Settings} label={t('shell.nav.settings')} />
          {user.isAdmin ? <MenuLink to="/admin" icon={Shield} label={t('shell.user.admin')} /> : null}
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={`${styles.item} ${styles.itemDanger}`} onSelect={signOut}>
            <LogOut size={16} aria-hidden="true" className={styles.itemIcon} />
            {t('shell.user.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuLink({ to, icon: Icon, label }: { to: '/profile' | '/admin'; icon: LucideIcon; label: string }) {
  return (
    <DropdownMenu.Item asChild className={styles.item}>
      <Link to={to}>
        <Icon size={16} aria-hidden="true" className={styles.itemIcon} />
        {label}
      </Link>
    </DropdownMenu.Item>
  );
}
