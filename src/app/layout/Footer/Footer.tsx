import site from '../../../content/site.json';
import * as styles from './Footer.css';

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
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
            © {year} {site.copyrightHolder}. All rights reserved.
          </small>
        </address>
      </div>
    </footer>
  );
}
