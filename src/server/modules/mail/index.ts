/** The mail module's public surface: other modules and the server's composition roots import only this. */

export type { MailBrand, MailSender } from './branded/mail-brand';
export { mailBrand, mailSender, portalName } from './branded/mail-brand';
export type { MailContent } from './branded/mail-content';
export type { AccessMailContext, MailOrganisation } from './branded/queue-branded-mail';
export { mailPerson, queueBrandedMail } from './branded/queue-branded-mail';
export { renderBrandedMail } from './branded/render-branded-mail';
export { createDeliverMailHandler } from './deliver-mail';
export { deliverMailBatch } from './deliver-mail-batch';
export { MailboxMessage } from './mailbox-message';
export { mailDeliveryQueue, queueMails, updateMailQueue } from './queue-mail';
export { mailRoutes } from './routes';
