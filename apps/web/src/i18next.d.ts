import type { Catalogue } from '@/locales/en';

// Keys given to t() are checked against the English catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Catalogue;
  }
}
