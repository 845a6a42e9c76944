import { z } from 'zod';
import { StaffSession } from './staff';

/** Texts of staff sign-in security: second factors, recovery codes, step-up and sessions. */
export const staffSecurityMessages = {
  enterCode: 'Enter the 6-digit code from your authenticator app.',
  enterRecoveryCode: 'Enter a recovery code as it was shown, like ABCD-EFGH-IJKL.',
  wrongCode: 'That code is not right. Check the time on your phone and try the newest code.',
  wrongRecoveryCode: 'That recovery code is not right or was used already.',
  challengeOver: 'This sign-in has expired or had too many wrong codes. Sign in again.',
  stepUpRequired: 'Confirm it’s you: enter a code from your authenticator app to continue.',
  enrolmentNotFound: 'This authenticator setup was not found. Start again.',
  factorNotFound: 'This second factor was not found.',
  lastFactorRequired:
    'Your organisation requires a second factor. Add another one before you remove this one.',
  ownFactorFirst: 'Set up a second factor for yourself before you require one from all staff.',
  sessionNotFound: 'This session was not found; it may have ended already.',
  factorNameTaken: 'You already have a second factor with this name.',
  passkeyFailed: 'The passkey could not be checked. Try again, or use another way to sign in.',
  passkeysUnavailable: 'Passkeys need the console on a domain name; PUBLIC_URL is an IP address.',
  passkeyNotStarted: 'Start again: this passkey request has expired.',
} as const;

/** How long a password sign-in waits for its second factor, and how many wrong codes it takes. */
export const signInChallengeMinutes = 10;
export const signInChallengeMaxFailures = 5;
/** Sensitive changes ask for the second factor again when the last proof is older than this. */
export const stepUpWindowMinutes = 10;
export const recoveryCodeCount = 10;

/** Six digits; spaces and dashes people copy along are dropped. */
export const OneTimeCode = z
  .string()
  .max(20)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, staffSecurityMessages.enterCode));

/** Twelve base32 letters, shown in groups of four; case, spaces and dashes do not matter. */
export const RecoveryCode = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{12}$/, staffSecurityMessages.enterRecoveryCode));

export const SecondFactorMethod = z.enum(['passkey', 'totp', 'recovery_code']);
export type SecondFactorMethod = z.infer<typeof SecondFactorMethod>;

const Base64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

/** What the browser's navigator.credentials.get answers, as @simplewebauthn/browser serialises it. */
export const PasskeyAssertion = z.object({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** What navigator.credentials.create answers, serialised the same way. */
export const PasskeyAttestation = z.object({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    authenticatorData: Base64Url.optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export const SecondFactorProof = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: OneTimeCode }),
  z.object({ method: z.literal('recovery_code'), code: RecoveryCode }),
  z.object({ method: z.literal('passkey'), response: PasskeyAssertion }),
]);
export type SecondFactorProof = z.input<typeof SecondFactorProof>;

/** A password that was right: what the person must do next before a session exists. */
export const SecondFactorRequired = z.object({
  secondFactor: z.object({
    challenge: z.string(),
    /** verify: enter a code. enrol: the organisation requires a second factor and none is set up yet. */
    step: z.enum(['verify', 'enrol']),
    methods: z.array(SecondFactorMethod),
    expiresAt: z.iso.datetime(),
  }),
});
export type SecondFactorRequired = z.infer<typeof SecondFactorRequired>;

/** What password sign-in answers: a session, or the second step. */
export const SignInAnswer = z.union([StaffSession, SecondFactorRequired]);
export type SignInAnswer = z.infer<typeof SignInAnswer>;

export function needsSecondFactor(answer: SignInAnswer): answer is SecondFactorRequired {
  return 'secondFactor' in answer;
}

export const SignInChallengeInput = z.object({ challenge: z.string().min(20).max(100) });

export const SecondFactorSignInInput = z.object({
  challenge: z.string().min(20).max(100),
  proof: SecondFactorProof,
});
export type SecondFactorSignInInput = z.input<typeof SecondFactorSignInInput>;

/** Recovery codes are shown once: when the first factor is confirmed and when they are made again. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const SignedInWithSecondFactor = StaffSession.extend({
  recoveryCodes: z.array(z.string()).optional(),
});
export type SignedInWithSecondFactor = z.infer<typeof SignedInWithSecondFactor>;

export const FactorName = z.string().trim().min(1, 'Name this authenticator, like “Phone”.').max(60);

export const StartTotpInput = z.object({ name: FactorName });
export type StartTotpInput = z.input<typeof StartTotpInput>;

/** A new authenticator: the secret to type in, the otpauth URI and the same as a QR code (SVG). */
export const TotpEnrolment = z.object({
  factorId: z.string().uuid(),
  secret: z.string(),
  otpauthUri: z.string(),
  qrCodeSvg: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

export const ConfirmTotpInput = z.object({ code: OneTimeCode });
export const EnrolAtSignInInput = SignInChallengeInput.extend({ name: FactorName });

export const SecondFactorView = z.object({
  id: z.string().uuid(),
  kind: z.enum(['totp', 'passkey']),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type SecondFactorView = z.infer<typeof SecondFactorView>;

export const SecondFactorOverview = z.object({
  factors: z.array(SecondFactorView),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** The organisation requires a second factor from every staff member. */
  isRequired: z.boolean(),
  /** Passkeys need the console on a domain name (PUBLIC_URL), not an IP address. */
  passkeysAvailable: z.boolean(),
});
export type SecondFactorOverview = z.infer<typeof SecondFactorOverview>;

export const FactorParams = z.object({ factorId: z.string().uuid() });

export const AddPasskeyInput = z.object({ name: FactorName, response: PasskeyAttestation });
export type AddPasskeyInput = z.input<typeof AddPasskeyInput>;

/** WebAuthn options as the browser library takes them; their shape is the standard's, not ours. */
export const PasskeyOptions = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

export const StepUpInput = z.object({ proof: SecondFactorProof });

export const StaffSessionView = z.object({
  id: z.string().uuid(),
  /** Browser and system read from the user agent, like "Chrome on macOS". */
  browser: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  withSecondFactor: z.boolean(),
  isCurrent: z.boolean(),
});
export type StaffSessionView = z.infer<typeof StaffSessionView>;

export const StaffSessionList = z.object({ sessions: z.array(StaffSessionView) });
export type StaffSessionList = z.infer<typeof StaffSessionList>;

export const SessionParams = z.object({ sessionId: z.string().uuid() });

export const SignInPolicy = z.object({
  requireMfa: z.boolean(),
  /** Staff who have no second factor yet: they enrol at their next sign-in when one is required. */
  staffWithoutSecondFactor: z.number().int().nonnegative(),
});
export type SignInPolicy = z.infer<typeof SignInPolicy>;

export const SignInPolicyInput = z.strictObject({ requireMfa: z.boolean() });
