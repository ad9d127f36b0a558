/** German texts: the e-mail the signing sends (English: src/labels/mail-labels.ts). */
export const deMail = {
  mlGreeting: 'Guten Tag {name},',
  mlInviteSubject: 'Bitte unterschreiben Sie „{form}“',
  mlInviteIntro: 'Sie werden gebeten, „{form}“ zu unterschreiben.',
  mlSenderMessage: 'Die Nachricht des Absenders:',
  mlSignLink: 'Dokument lesen und unterschreiben',
  mlSignLinkText: 'Der Link oben gilt nur für Sie: Leiten Sie ihn nicht weiter.',
  mlLinkExpires: 'Der Link gilt bis {date}.',
  mlReminderSubject: 'Erinnerung: {subject}',
  mlReminderIntro: '„{form}“ wartet noch auf Ihre Unterschrift.',
  mlCompletedSubject: 'Von allen unterschrieben: „{form}“',
  mlCompletedBody: 'Alle haben „{form}“ unterschrieben. Das unterschriebene Dokument ist angehängt.',
  mlDeclinedSubject: '{signer} hat die Unterschrift von „{form}“ abgelehnt',
  mlDeclinedBody: '{signer} hat die Unterschrift von „{form}“ abgelehnt. Die Unterzeichnung ist beendet. Die angegebene Begründung:',
  mlSomeSigner: 'Eine unterzeichnende Person',
  mlFooter: 'Diese Nachricht wurde vom Formulardienst automatisch gesendet.',
};
