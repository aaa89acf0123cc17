import { LegalDocument } from './legal-document';

export default function PersonalProfileProtectPage() {
  return <LegalDocument namespace="personalProfileProtect" />;
}
