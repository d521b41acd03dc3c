/**
 * The user's own row as the account module changes it (profile, password, e-mail) and locks it: the
 * row is auth's, so auth writes it and the account module asks here
 * (docs/decisions/050-every-table-has-one-owner.md).
 */
export { emailTaken, lockUser, setEmail, setPasswordAndActivate, setPasswordHash, updateProfile, type ProfileFields } from './repository';
