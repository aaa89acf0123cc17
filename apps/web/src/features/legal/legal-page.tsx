import { useLocation } from 'react-router';
import { LegalDocument } from './legal-document';

/**
 * The legal and information pages share one chunk: each one's path is "/" + its route id, and its
 * words are the locale namespace of that id (privacyRightDeclare, cloudDeclare, ...).
 */
export default function LegalPage() {
  const namespace = useLocation().pathname.replace(/^\//, '');
  return <LegalDocument key={namespace} namespace={namespace} />;
}
