import site from '~/src/content/site.json';
import { useHydrated } from '~/src/ui/useHydrated';
import * as styles from './Footer.css';

/**
 * This year as the browser counts it. A server-rendered page may carry
 * another (made before New Year, or where the clock is in another time zone):
 * hydration keeps the page's year without a mismatch, then a new element with
 * the browser's year replaces it (React does not correct text it was told to
 * leave).
 */
function Year() {
  const hydrated = useHydrated();
  return (
    <span key={hydrated ? 'browser' : 'page'} suppressHydrationWarning>
      {new Date().getFullYear()}
    </span>
  );
}

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <p className={styles.brand}>{site.shopName}</p>
          <p className={styles.muted}>{site.tagline}</p>
        </div>
        <address className={styles.contact}>
          <span className={styles.muted}>Support</span>
          <a className={styles.contactLink} href={`mailto:${site.supportEmail}`}>
            {site.supportEmail}
          </a>
          <a className={styles.contactLink} href={`tel:${site.supportPhone.replace(/[^\d+]/g, '')}`}>
            {site.supportPhone}
          </a>
          <small className={styles.muted}>
            © <Year /> {site.copyrightHolder}. All rights reserved.
          </small>
        </address>
      </div>
    </footer>
  );
}
