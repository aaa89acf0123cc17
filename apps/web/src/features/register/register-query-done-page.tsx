import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FlowCard } from '../../components/flow-card';
import { BackHomeButton } from '../../components/back-home-button';

/** /registerQueryDone?email=: the progress link is on its way. */
export default function RegisterQueryDonePage() {
  const { t } = useTranslation('register');
  const email = useSearchParams()[0].get('email') ?? '';
  return (
    <FlowCard
      title={t('queryDone.title')}
      lead={t('queryDone.lead', { email })}
      testId="register-query-done-page"
    >
      <BackHomeButton />
    </FlowCard>
  );
}
