import type { ReportReason } from '@symposia/shared';

/**
 * The reasons of a report in words, for the member who reports (with the hint) and the moderators
 * who read the queue, so both read the same label.
 */
export const REPORT_REASON_LABELS: Record<ReportReason, { label: string; hint: string }> = {
  spam: { label: 'Spam', hint: 'Advertising, scams or the same thing posted again and again.' },
  abuse: { label: 'Abuse or harassment', hint: 'Insults, threats or hate aimed at someone.' },
  off_topic: { label: 'Off topic', hint: 'Nothing to do with research or with the discussion.' },
  plagiarism: { label: 'Plagiarism', hint: "Someone else's work presented as the author's own." },
  other: { label: 'Something else', hint: 'Say what is wrong in the note.' },
};
