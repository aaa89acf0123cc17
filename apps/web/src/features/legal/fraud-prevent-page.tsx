import { LegalDocument } from './legal-document';

export default function FraudPreventPage() {
  return <LegalDocument namespace="fraudPrevent" />;
}
