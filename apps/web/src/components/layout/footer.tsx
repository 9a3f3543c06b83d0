import styles from './footer.module.css';

// Placeholder links (spec §2): <a> without href is HTML's own placeholder, so nothing pretends to go
// somewhere it does not.
const PLACEHOLDER_LINKS = ['Privacy Policy', 'Terms of Use', 'Contact Us'] as const;

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.copyright}>
          © {new Date().getFullYear()} Symposia. All rights reserved.
        </p>
        <ul className={styles.links} aria-label="Legal and contact">
          {PLACEHOLDER_LINKS.map((label) => (
            <li key={label}>
              {/* Announced as a link that is not available yet (and not taken for a broken one). */}
              <a
                className={styles.placeholder}
                title="Coming soon"
                role="link"
                aria-disabled="true"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
