import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_ATTACHMENTS_MAX, TICKET_TEXT_MAX, type TicketAttachment } from '@portal/shared';
import { FileAttachField } from './file-attach-field';

/**
 * A message being written to a ticket (the customer's reply, the staff's answer): its text, its
 * files, and the text's problem once `take` has checked it as the shared schema does.
 */
export function useTicketDraft() {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    text,
    setText,
    files,
    setFiles,
    /** The message key of the text's problem, or null. */
    problem,
    /** The message to send, or null (and the problem shown) when its text will not do. */
    take(): { text: string; attachmentIds: string[] } | null {
      const trimmed = text.trim();
      if (!trimmed) return (setProblem('validation:notEmpty'), null);
      if ([...trimmed].length > TICKET_TEXT_MAX) return (setProblem('validation:needBeStringInRange'), null);
      setProblem(null);
      return { text: trimmed, attachmentIds: files.map((f) => f.id) };
    },
    /** Empty again, after it was sent. */
    clear() {
      setText('');
      setFiles([]);
    },
  };
}

/** A message's files: up to the ticket's limit, each uploaded (and checked) as it is chosen. */
export function TicketFilesField({
  value,
  onChange,
  upload,
  disabled,
  testId,
}: {
  value: TicketAttachment[];
  onChange: (files: TicketAttachment[]) => void;
  upload: (file: File) => Promise<TicketAttachment>;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation('ticket');
  return (
    <FileAttachField
      value={value}
      onChange={onChange}
      upload={upload}
      max={TICKET_ATTACHMENTS_MAX}
      disabled={disabled}
      labels={{
        add: t('files.add'),
        hint: t('files.hint', { count: TICKET_ATTACHMENTS_MAX }),
        uploading: t('files.uploading'),
        remove: (name) => t('files.remove', { name }),
      }}
      testId={testId}
    />
  );
}
