export interface NavItem {
  path: string;
  label: string;
  /** Shown instead of a link: the entry is visible but cannot be navigated to from the menu. */
  disabledHint?: string;
}

/** Spec part 1 section 2: identical on the side panel and the drawer, in this order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/applications', label: 'Applications' },
  { path: '/anomalies', label: 'Anomalies' },
  { path: '/policies', label: 'Governance' },
  { path: '/recommender', label: 'Recommender', disabledHint: 'Coming soon' },
  { path: '/audit', label: 'Audit' },
  { path: '/settings', label: 'Settings' },
];

export const PRODUCT_NAME = 'Vigil';

/** The header title of a path: the nav label of its first segment; `/` is the Dashboard. */
export function pageTitleFor(pathname: string): string {
  const section = `/${pathname.split('/').find((segment) => segment !== '') ?? 'dashboard'}`;
  return NAV_ITEMS.find((item) => item.path === section.toLowerCase())?.label ?? PRODUCT_NAME;
}

/** The browser tab's title: "Anomalies · Vigil". */
export function documentTitleFor(pathname: string): string {
  const title = pageTitleFor(pathname);
  return title === PRODUCT_NAME ? PRODUCT_NAME : `${title} · ${PRODUCT_NAME}`;
}
