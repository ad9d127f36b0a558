/** French texts: the e-mail the signing sends (English: src/labels/mail-labels.ts). */
export const frMail = {
  mlGreeting: 'Bonjour {name},',
  mlInviteSubject: 'Merci de signer « {form} »',
  mlInviteIntro: 'Vous êtes invité à signer « {form} ».',
  mlSenderMessage: 'Le message de l’expéditeur :',
  mlSignLink: 'Lire et signer le document',
  mlSignLinkText: 'Ce lien vous est personnel : ne le transférez pas.',
  mlLinkExpires: 'Le lien est valable jusqu’au {date}.',
  mlReminderSubject: 'Rappel : {subject}',
  mlReminderIntro: '« {form} » attend toujours votre signature.',
  mlCompletedSubject: 'Signé par tous : « {form} »',
  mlCompletedBody: 'Tous les signataires ont signé « {form} ». Le document signé est joint.',
  mlDeclinedSubject: '{signer} a refusé de signer « {form} »',
  mlDeclinedBody: '{signer} a refusé de signer « {form} ». La signature est arrêtée. Le motif donné :',
  mlSomeSigner: 'Un signataire',
  mlFooter: 'Ce message a été envoyé automatiquement par le service de formulaires.',
};
