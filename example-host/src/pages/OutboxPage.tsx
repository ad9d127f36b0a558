/**
 * `/admin/outbox/`: the Outbox, the mail the server sent with each message's text (in development, what its SMTP sink
 * received: the signing links and notices can be read there without a mail server). Reached from the Signing screen;
 * the server lets administrators only read it.
 */
import { useNavigate } from '@tanstack/react-router';
import { PageTitle } from '../components/landmarks';
import { MailOutbox } from '../formsAdmin';
import { hostLabels } from '../hostLabels';
import { useLabelTexts } from '../useLabelTexts';

export function OutboxPage() {
  const labels = useLabelTexts(hostLabels);
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title={labels.hostScreenOutbox} />
      <MailOutbox onBack={() => void navigate({ to: '/admin/signing/' })} />
    </>
  );
}
OutboxPage.displayName = 'OutboxPage';
