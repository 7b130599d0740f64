import { Link, useLocation } from 'react-router';
import { isNavItemActive, type NavItem } from './nav-items';
import classes from './layout.module.css';

/** A main-navigation link, marked as the current page by `isNavItemActive`. */
export function MainNavLink({ item }: { item: NavItem }) {
  const { pathname } = useLocation();
  return (
    <Link
      to={item.to}
      className={classes.link}
      aria-current={isNavItemActive(item, pathname) ? 'page' : undefined}
    >
      {item.label}
    </Link>
  );
}
