/** The operator's texts, one Markdown file each, served with the admin app's files (admin/public/legal/). */
export const LEGAL_PAGES = {
  terms: { title: 'Terms of Service', file: '/legal/terms.md' },
  privacy: { title: 'Privacy Policy', file: '/legal/privacy.md' },
} as const;
export type LegalPageKey = keyof typeof LEGAL_PAGES;
