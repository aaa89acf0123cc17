import { LegalDocument } from './legal-document';

export default function PrivacyRightDeclarePage() {
  return <LegalDocument namespace="privacyRightDeclare" />;
}
