/**
 * The contract of sign-in, sign-up, codes and the account (spec sections 3, 5, 7). Messages are
 * translation keys (namespace:key); the web shows them with t(), the server answers them in
 * English through `validationMessages` (messages.ts).
 */
import { STAFF_ROLES } from '../rules/staff-roles';
import { z } from 'zod';
import { CODE_LENGTH, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, PHONE_MIN } from '../constants';
import { oneLineText } from './common';
import { paymentMethodSchema } from './payments';

export const ROLES = ['user', 'admin', 'superuser'] as const;
export type Role = (typeof ROLES)[number];

/**
 * An address under an internationalised domain (.рф, .бел) is kept in the ASCII form mail servers
 * use (xn--p1ai), so both spellings name one account. The URL parser does the conversion in the
 * browser and in Node alike; only letters, digits, dots and hyphens are handed to it.
 */
function asciiDomain(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  if (at < 0 || /^[\x21-\x7e]*$/.test(domain) || !/^[\p{L}\p{M}\p{N}.-]+$/u.test(domain)) return email;
  try {
    return `${email.slice(0, at)}@${new URL(`http://${domain}`).hostname}`;
  } catch {
    return email;
  }
}

/** zod's address rule, with a top-level domain that may also be an ASCII-encoded one (xn--…). */
const EMAIL_PATTERN =
  /^(?:[a-z0-9_'+-]+\.)*[a-z0-9_'+-]*[a-z0-9_+-]@(?:[a-z0-9][a-z0-9-]*\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'common:validation.invalidEmail')
  .transform(asciiDomain)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'auth:login.invalidEmail' }));

/** The user as the API shows it (API-09). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  is_active: z.boolean(),
  /** Derived from `roles`: `superuser` with that role, `admin` with any other staff role, else `user`. */
  role: z.enum(ROLES),
  /**
   * The staff roles held (issue 49); what each may do is the permission table's. The server
   * always sends it; a user without it counts by `role` (the web's staffRolesOf).
   */
  roles: z.array(z.enum(STAFF_ROLES)).optional(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  extra_phone: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  birthday: z.string().nullable(),
  language: z.enum(['ru', 'en']),
});
export type User = z.infer<typeof userSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

export const emailQuerySchema = z.strictObject({ email: emailSchema });
export const emailBodySchema = z.strictObject({ email: emailSchema });

/** Signing in takes whatever password the account has, however old its rule. */
export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(PASSWORD_MIN.login, 'common:validation.required').max(PASSWORD_MAX),
});

/**
 * The one rule of every new password, at sign-up, reset and change: 12 characters at least, with a
 * lower-case letter, an upper-case letter and a digit, trimmed. Each form names its own message keys.
 */
export function newPasswordSchema(keys: { min: string; weak: string } = { min: 'auth:registration.passwordMin', weak: 'auth:registration.passwordWeak' }) {
  return z
    .string()
    .trim()
    .min(PASSWORD_MIN.registration, keys.min)
    .max(PASSWORD_MAX)
    .regex(/[a-zа-яё]/, keys.weak)
    .regex(/[A-ZА-ЯЁ]/, keys.weak)
    .regex(/\d/, keys.weak);
}

const strongPassword = newPasswordSchema();

/** POST auth/signup/: what the server checks. */
export const signupSchema = z.strictObject({
  first_name: oneLineText().trim().min(NAME_MIN, 'auth:registration.nameMin').max(100),
  email: emailSchema,
  password: strongPassword,
  language: z.enum(['ru', 'en']).optional(),
});

/** The registration form: the server's fields plus the confirmation. */
export const registrationFormSchema = z
  .object({
    first_name: signupSchema.shape.first_name,
    password: strongPassword,
    password_confirm: z.string().trim().min(PASSWORD_MIN.registration, 'auth:registration.passwordMin'),
  })
  .refine((form) => form.password === form.password_confirm, {
    path: ['password_confirm'],
    message: 'auth:registration.passwordMismatch',
  });

export const codeSchema = z
  .string()
  .length(CODE_LENGTH, 'auth:activation.codeLength')
  .regex(/^\d+$/, 'auth:activation.codeDigits');

export const codeBodySchema = z.strictObject({ email: emailSchema, code: codeSchema });

/** A single-use token: 256 random bits, base64url. */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'common:validation.invalid');

/** The confirm step's answer: the token that alone may set the new password (API-12). */
export const resetConfirmedSchema = z.object({ ok: z.literal(true), reset_token: resetTokenSchema });
export type ResetConfirmed = z.infer<typeof resetConfirmedSchema>;

const samePasswords = (body: { new_password: string; new_password1: string }) => body.new_password === body.new_password1;

/** The create-password form: the new password twice. */
export const createPasswordFormSchema = z
  .object({
    new_password: newPasswordSchema({ min: 'auth:createPassword.passwordMin', weak: 'auth:createPassword.passwordWeak' }),
    new_password1: z.string().trim().max(PASSWORD_MAX),
  })
  .refine(samePasswords, { path: ['new_password1'], message: 'auth:createPassword.passwordMismatch' });

/** Set a new password with the token a confirmed reset code answered (API-12). */
export const setPasswordSchema = z
  .strictObject({
    email: emailSchema,
    reset_token: resetTokenSchema,
    new_password: createPasswordFormSchema.shape.new_password,
    new_password1: createPasswordFormSchema.shape.new_password1,
  })
  .refine(samePasswords, { path: ['new_password1'], message: 'auth:createPassword.passwordMismatch' });

export const changePasswordSchema = z
  .strictObject({
    old_password: z.string().min(1, 'common:validation.required').max(PASSWORD_MAX),
    new_password: newPasswordSchema({ min: 'account:password.min', weak: 'account:password.weak' }),
    new_password1: z.string().trim().max(PASSWORD_MAX),
  })
  .refine(samePasswords, { path: ['new_password1'], message: 'account:password.mismatch' });

/**
 * POST account/email/: a new sign-in address, with the current password. A code goes to the new
 * address; the address changes when account/email/confirm/ gets it.
 */
export const emailChangeSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'common:validation.required').max(PASSWORD_MAX),
});
export type EmailChange = z.infer<typeof emailChangeSchema>;

/** POST account/email/confirm/: the code from the letter to the new address. */
export const emailChangeConfirmSchema = z.strictObject({ code: codeSchema });

/** PUT account/ answers this (422) for another address: it changes through account/email/. */
export const EMAIL_CHANGE_DETAIL = 'A new e-mail is confirmed with a code sent to it: POST account/email/';

/** An optional text field, one line unless said otherwise; empty is none. */
const optionalText = (max: number, lines: 'one' | 'many' = 'one') =>
  (lines === 'one' ? oneLineText() : z.string())
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** PUT account/ (API-13): the profile form's fields. */
export const profileUpdateSchema = z.strictObject({
  username: oneLineText().trim().min(NAME_MIN, 'account:profile.nicknameMin').max(50),
  first_name: oneLineText().trim().min(NAME_MIN, 'account:profile.firstNameMin').max(100),
  last_name: oneLineText().trim().min(NAME_MIN, 'account:profile.lastNameMin').max(100),
  email: emailSchema,
  phone: oneLineText().trim().min(PHONE_MIN, 'account:profile.phoneMin').max(30),
  extra_phone: optionalText(30),
  // "Not given" is 'not_given' in the spec's form and null in the account the API answers: a
  // client that sends back what it read (the profile form did) must not be refused for it.
  gender: z
    .enum(['male', 'female', 'not_given'])
    .nullable()
    .transform((g) => (g === 'not_given' ? null : g)),
  birthday: z.iso.date('common:validation.invalid').nullable().optional().transform((d) => d ?? null),
  language: z.enum(['ru', 'en']).optional(),
});

export const guestInputSchema = z.strictObject({
  first_name: oneLineText().trim().min(1, 'common:validation.required').max(100),
  last_name: oneLineText().trim().min(1, 'common:validation.required').max(100),
  second_name: optionalText(100),
  /** Sent by the spec's client; the server always uses the signed-in user. */
  user_id: z.number().int().optional(),
});

export const guestSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  second_name: z.string().nullable(),
  user_id: z.number().int(),
});
export type Guest = z.infer<typeof guestSchema>;

const positiveWhole = z
  .number('account:address.wholeNumber')
  .int('account:address.wholeNumber')
  .positive('account:address.wholeNumber')
  .max(100_000)
  .nullable()
  .optional()
  .transform((n) => n ?? null);

export const addressInputSchema = z.strictObject({
  label: oneLineText().trim().min(1, 'common:validation.required').max(100),
  address: oneLineText().trim().min(1, 'common:validation.required').max(300),
  entrance: positiveWhole,
  floor: positiveWhole,
  apartment: positiveWhole,
  intercom: optionalText(50),
  comment: optionalText(500, 'many'),
  is_primary: z.boolean().optional(),
});

export const addressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  address: z.string(),
  entrance: z.number().int().nullable(),
  floor: z.number().int().nullable(),
  apartment: z.number().int().nullable(),
  intercom: z.string().nullable(),
  comment: z.string().nullable(),
  is_primary: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** GET account/ (API-13, API-14): the user with what checkout needs. */
export const accountSchema = userSchema.extend({
  delivery_addresses: z.array(addressSchema),
  /** The saved cards, primary first. */
  payment_methods: z.array(paymentMethodSchema),
});
export type Account = z.infer<typeof accountSchema>;

/** POST auth/login/ (API-05): ok plus the signed-in user. */
export const loginResponseSchema = okSchema.extend({ user: userSchema });

/**
 * Social sign-in: GET auth/{provider}/start/ sends the browser to the provider; the provider
 * returns to the web page /{provider}/callback, which calls GET {provider}/callback/ (API-10).
 */
export const OAUTH_PROVIDERS = ['google', 'yandex'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** GET auth/providers/: which social sign-in buttons to show (a provider without keys is off). */
export const oauthProvidersSchema = z.object({ google: z.boolean(), yandex: z.boolean() });
export type OAuthProviders = z.infer<typeof oauthProvidersSchema>;
