import site from '~/src/content/site.json';
import team from '~/src/content/team.json';
import * as styles from './AboutPage.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2);

/** The team, from src/content/team.json, which the shop owner edits. */
export default function AboutPage() {
  return (
    <>
      <section className={styles.intro}>
        <h1 className={styles.heading}>About {site.shopName}</h1>
        <p className={styles.lead}>{site.tagline} Meet the team that builds the shop.</p>
      </section>
      <ul className={styles.grid} aria-label="Team">
        {team.map((member) => (
          <li key={member.name} className={styles.card}>
            <span className={styles.avatar} aria-hidden="true">
              {initials(member.name)}
            </span>
            <h2 className={styles.name}>{member.name}</h2>
            <p className={styles.role}>{member.role}</p>
            <p className={styles.city}>{member.city}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
