import { ExternalLink } from 'lucide-react';
import { useAppConfig } from '../../lib/app-config.tsx';
import './about.css';

/** docs/product.md §1 how-to list, in order. */
export const HOW_TO_STEPS = [
  'Log in or sign up with your e-mail address or your Google account.',
  'Open the Library to see the available textbooks.',
  'Select a book to open it in the reader.',
  'Use the next and previous buttons to move through the pages.',
  'Use the sidebar to jump to a chapter, a section or one of your bookmarks.',
  'Use the Related Paragraphs panel to see how a paragraph connects to the rest of the book, and ask for an explanation of a relationship.',
  'Bookmark pages to come back to them later.',
  'Use Account to change your password or delete your account.',
] as const;

interface Link {
  name: string;
  url: string;
}

function LinkList({ id, title, links }: { id: string; title: string; links: Link[] }) {
  if (links.length === 0) return null;
  return (
    <section className="card about-links" aria-labelledby={id}>
      <h2 className="card__title" id={id}>
        {title}
      </h2>
      <ul className="about-links__list">
        {links.map((link) => (
          <li key={`${link.name}|${link.url}`}>
            <a className="about-links__link" href={link.url} target="_blank" rel="noopener noreferrer">
              <span>{link.name}</span>
              <ExternalLink size={16} aria-hidden="true" />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** docs/product.md §2 About: title, subtitle, the how-to list, and the team and mentor links from the app config. */
export function AboutPage() {
  const { config } = useAppConfig();
  return (
    <main className="page page--narrow" id="main">
      <header className="page__header">
        <h1 className="page__title">About the Project</h1>
        <p className="page__subtitle about-subtitle">
          {config.productName} is a university capstone project that combines explicit reference detection,
          semantic similarity and discourse modelling to turn textbooks into nonlinear study guides.
        </p>
      </header>

      <section className="card" aria-labelledby="how-to-title">
        <h2 className="card__title" id="how-to-title">
          How to use {config.productName}
        </h2>
        <ol className="how-to" data-testid="how-to-list">
          {HOW_TO_STEPS.map((step, index) => (
            <li className="how-to__step" key={step}>
              <span className="how-to__number" aria-hidden="true">
                {index + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </section>

      <div className="about-links-grid">
        <LinkList id="team-title" title="Project Team" links={config.team} />
        <LinkList id="mentors-title" title="Mentors" links={config.mentors} />
      </div>
    </main>
  );
}
