import { LegalDocument } from './legal-document';

export default function CloudDeclarePage() {
  return <LegalDocument namespace="cloudDeclare" />;
}
