/** The i18n key of an authority leaf in the `roles` namespace ("network/firewall" → "leaves.network_firewall"). */
export const leafKey = (leaf: string) => `leaves.${leaf.replace(/\//g, '_')}`;
