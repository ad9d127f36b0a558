export { MailOutbox, MailOutboxView, useMailOutbox, OUTBOX_PAGE_SIZE } from './MailOutbox';
export type { MailOutboxProps, MailOutboxState, MailOutboxViewProps } from './MailOutbox';
