/** The one letter asking a guest to review a finished stay or a delivered order (modules/reviews/letters.ts). */
import { venue, type Language, type ReviewKind } from '@hotel/domain';
import { textsIn } from '../../i18n';
import { renderLetter, type MailContent } from './layout';

export interface ReviewRequestLetter {
  language: Language;
  kind: ReviewKind;
  /** The reservation's or the order's id. */
  id: number;
  name: string | null;
  /** The room's name, for a stay. */
  room: string | null;
  /** The page where the review is written (signing in first when needed). */
  url: string;
}

export function reviewRequestLetter({ language, kind, id, name, room, url }: ReviewRequestLetter): MailContent {
  const t = textsIn(language);
  return renderLetter({
    language,
    subject: `${t(`review.subject.${kind}`, { id })} — ${venue.name[language]}`,
    heading: name ? t('review.heading.named', { name }) : t('review.heading.anonymous'),
    lead: [t(`review.lead.${kind}`, { id, room: room ?? '' }), t('review.ask')],
    link: { label: t('review.link'), url },
    after: [t('review.once')],
  });
}
