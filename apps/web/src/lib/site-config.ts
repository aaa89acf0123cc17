/**
 * Where the portal links outside itself: the operator's marketing site (solutions, pricing,
 * documents, contact), its two other products, its security policy, its phone lines and social
 * accounts. These are deployment facts, not code: a build takes them from Vite env variables
 * (VITE_MARKETING_SITE for the site, VITE_SOLUTION_URL, VITE_PRICING_URL, VITE_DOCUMENTS_URL,
 * VITE_IDC_URL and VITE_CDN_URL for single pages; see apps/web/.env.example), and the defaults
 * below serve development and tests.
 */
// Read one by one so that Vite writes each value into the build instead of the whole env object.
const MARKETING_SITE = import.meta.env.VITE_MARKETING_SITE || 'https://www.cloud.example';

export const SITE_LINKS = {
  contactUs: `${MARKETING_SITE}/contact`,
  solution: import.meta.env.VITE_SOLUTION_URL || `${MARKETING_SITE}/solutions`,
  pricing: import.meta.env.VITE_PRICING_URL || `${MARKETING_SITE}/pricing`,
  documents: import.meta.env.VITE_DOCUMENTS_URL || `${MARKETING_SITE}/documents`,
  securityPolicyPdf: `${MARKETING_SITE}/files/information-security-policy.pdf`,
} as const;

/**
 * The two external product links (spec section 1: "Two extra external product links"): the
 * operator's data-centre colocation and its content delivery network, each on a site of its own.
 * The header, its narrow-screen menu, the footer, Home and the site map list them from here; their
 * words are `portal:productLinks.<id>` (name, description).
 */
export const PRODUCT_LINKS = [
  { id: 'idc', href: import.meta.env.VITE_IDC_URL || `${MARKETING_SITE}/idc-colocation` },
  { id: 'cdn', href: import.meta.env.VITE_CDN_URL || `${MARKETING_SITE}/cdn` },
] as const;

/** What an outbound link carries: a new tab, with neither a handle back to the portal nor its address. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Customer service and enterprise sales lines shown in the footer. */
export const PHONE_LINES = [
  { id: 'service', number: '0800-080-365' },
  { id: 'sales', number: '+886-2-2344-5678' },
] as const;

export const SOCIAL_LINKS = [
  { id: 'facebook', href: 'https://www.facebook.com/cloud.example' },
  { id: 'youtube', href: 'https://www.youtube.com/@cloud.example' },
  { id: 'linkedin', href: 'https://www.linkedin.com/company/cloud-example' },
  { id: 'instagram', href: 'https://www.instagram.com/cloud.example' },
] as const;

/** The rows of Home's "Explore Our Solutions" table; their words live in the home locale. */
export const SOLUTIONS = [
  { id: 'compute', href: `${MARKETING_SITE}/solutions/compute` },
  { id: 'storage', href: `${MARKETING_SITE}/solutions/storage` },
  { id: 'network', href: `${MARKETING_SITE}/solutions/network` },
  { id: 'hybrid', href: `${MARKETING_SITE}/solutions/hybrid-cloud` },
  { id: 'backup', href: `${MARKETING_SITE}/solutions/backup` },
] as const;
