import { formatDate } from '../../lib/formats.ts';

/** The content service's post date ('YYYY-MM-DD HH:MM:SS…') as the portal shows dates (MM.DD.YYYY). */
export const formatPostDate = (postDate: { date: string }) => formatDate(postDate.date.slice(0, 10));
