/**
 * The texts of the signer's signing page (`SignDocument`, reached from a signing link), English by default. They are
 * spread into the library's one `defaultLabels` object (src/labels/english.ts), so a host overrides them like every
 * other text; the page itself asks only for this group and the shared texts, so it carries no admin screen's texts.
 * `{name}`-style placeholders are filled by `fillLabel`.
 */
export const signDocumentLabels = {
  sdLoading: 'Opening the document…',
  sdPageTitle: 'Sign {name}',
  sdUntitled: 'Document to sign',
  // The link cannot be used (404: unknown, expired, used or replaced; 403: another envelope's or signer's).
  sdInvalidTitle: 'This signing link cannot be used',
  // An address with no token at all (a link cut short), above sdInvalidHelp.
  sdLinkIncomplete: 'This address holds no signing link. Open the link in your email again; if you copy it, copy the whole address.',
  sdInvalidHelp: 'Ask the person who sent you the document for a new signing link. Links stop working once used, when a newer link is sent, or when they expire.',
  // 409: earlier signers have not signed yet.
  sdNotYourTurnTitle: 'It is not your turn to sign yet',
  sdNotYourTurnHelp: 'You will get an email when the signers before you have signed. Open your link again then.',
  // 409: voided, declined, completed, expired, or this signer has already acted.
  sdClosedTitle: 'This document can no longer be signed',
  sdClosedHelp: 'Nothing more is needed from you. Contact the sender if you have questions.',
  // 409 with signerStatus: the signer reopened the link they signed or declined with (shown under sdDoneTitle or
  // sdDeclinedTitle, followed by sdClosedHelp).
  sdAlreadySigned: 'You have already signed this document.',
  sdAlreadyDeclined: 'You declined to sign this document.',
  sdLoadFailedTitle: 'The document could not be opened',
  // Review
  sdSigner: 'Signing as {name} ({email})',
  sdMessageTitle: 'Message from the sender',
  sdExpires: 'Sign by {date}',
  // A link ends at most 14 days after it was issued, which may be before the envelope expires ({until}); the reference
  // backend then e-mails the signer a new link a day before it ends (its reminder sweep), and a sender can send one.
  sdLinkExpires: 'Sign by {date}: this link stops working then. The request stays open until {until}: a new link reaches you by e-mail before this one ends; if none comes, ask the sender for one.',
  sdDocumentTitle: 'Document',
  // One place or signer reads in the singular (the page picks the `…One` text for a count of 1).
  sdPlacesCount: 'You sign in {count} places, outlined on the document.',
  sdPlacesCountOne: 'You sign in 1 place, outlined on the document.',
  sdNoPlaces: 'Your signature is added to the document when you sign.',
  sdJumpToPlace: 'Go to where you sign',
  sdPageLabel: 'Page {page} of {count}',
  sdSignHere: 'Sign here',
  sdSignHereNamed: 'Sign here, page {page}',
  // The document's zoom: 'Fit width' draws each page as wide as the screen allows (a phone shows the whole width); the
  // percentages draw it at that share of its printed size, and the pages then scroll sideways in their own box.
  sdZoom: 'Zoom',
  sdZoomFit: 'Fit width',
  sdZoom100: '100%',
  sdZoom150: '150%',
  sdZoom200: '200%',
  sdPagesScroll: 'Pages of the document (scroll sideways to see all of a page)',
  sdPagesLoading: 'Drawing the document…',
  sdPagesFailed: 'The document could not be drawn here. You can still sign it: your signature goes where the sender placed it.',
  sdPdfJsMissing:
    'The document cannot be drawn here: this app does not have pdf.js installed (npm install pdfjs-dist). You can still sign it: your signature goes where the sender placed it.',
  // Sign
  sdSignTitle: 'Your signature',
  sdMethod: 'How to sign',
  sdDraw: 'Draw',
  sdType: 'Type',
  sdPad: 'Signature pad',
  sdPadHelp: 'Draw your signature in the box with a mouse, a finger or a pen. Drawing needs a pointer: to sign with the keyboard, use Type.',
  sdClear: 'Clear',
  sdTypedName: 'Type your full name',
  sdTypedPreview: 'Preview of your typed signature: {name}',
  sdConsent: 'I agree to sign this document electronically',
  sdSign: 'Sign',
  sdSigning: 'Signing…',
  sdNotReady: 'Before you can sign:',
  sdNeedDrawing: 'draw your signature',
  sdNeedName: 'type your full name',
  sdNeedConsent: 'tick “I agree to sign this document electronically”',
  sdNameTooLong: 'Your name is {length} characters long; at most {max} are allowed.',
  sdImageTooLarge: 'The signature image is larger than {max} bytes: clear the pad and draw it again.',
  sdSignFailed: 'Your signature was not recorded',
  // Decline
  sdDecline: 'Decline',
  sdDeclineTitle: 'Decline to sign',
  sdDeclineMessage: 'The sender and anyone who signed before you are told, with your reason. The document can then no longer be signed by anyone.',
  sdDeclineReason: 'Reason for declining',
  sdDeclineReasonRequired: 'Enter a reason for declining.',
  sdDeclineReasonTooLong: 'The reason is {length} characters long; at most {max} are allowed.',
  sdDeclineConfirm: 'Decline to sign',
  sdDeclineFailed: 'Your answer was not recorded',
  sdCancel: 'Cancel',
  sdCloseDialog: 'Close',
  // After
  sdDoneTitle: 'Signed',
  sdDone: 'Thank you, you have signed.',
  sdDoneComplete: 'Everyone has signed: the document is complete. The signed document is on its way by e-mail to you, the other signers and the sender.',
  sdDoneOthers: '{count} more signers still sign. When everyone has signed, you and the sender get the signed document by e-mail.',
  sdDoneOthersOne: '1 more signer still signs. When everyone has signed, you and the sender get the signed document by e-mail.',
  sdDeclinedTitle: 'Declined',
  sdDeclined: 'You declined to sign.',
  sdDeclinedHelp: 'The sender has been told, with your reason. Nothing more is needed from you.',
} as const;
