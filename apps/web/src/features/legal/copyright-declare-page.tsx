import { LegalDocument } from './legal-document';

export default function CopyrightDeclarePage() {
  return <LegalDocument namespace="copyrightDeclare" />;
}
