import type { ReactNode } from 'react';
import { Ornament } from '../features/site/components/illustrations';
import page from './page.module.css';

interface PageIntroProps {
  /** The heading's id, which names the section. */
  id: string;
  eyebrow?: string;
  title: string;
  lead: string;
  /** An illustration beside the text (public/illustrations/); without one the text is centred. */
  art?: string;
  /** Actions under the lead. */
  children?: ReactNode;
  testId?: string;
}

/** The opening of a public page: eyebrow, title, ornament and lead, with actions and an illustration. */
export function PageIntro({ id, eyebrow, title, lead, art, children, testId }: PageIntroProps) {
  return (
    <section className={`container ${page.intro}${art ? '' : ` ${page.introSingle}`}`} aria-labelledby={id} data-testid={testId}>
      <div>
        {eyebrow && <p className={page.eyebrow}>{eyebrow}</p>}
        <h1 id={id} className={page.title}>
          {title}
        </h1>
        <Ornament className={page.ornament} />
        <p className={page.lead}>{lead}</p>
        {children && <div className={page.actions}>{children}</div>}
      </div>
      {art && (
        <div className={page.art}>
          <img src={art} alt="" width={240} height={300} fetchPriority="high" />
        </div>
      )}
    </section>
  );
}
