/** The public address of the site: canonical links, Open Graph URLs, the sitemap. */
export const SITE_ORIGIN = 'https://house1799.by';
