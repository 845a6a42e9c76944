import { Building2, LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SsoFailure, type SsoStartAnswer, SsoStartInput, ssoFailureMessages } from '../../../../shared/sso';
import { SignInInput } from '../../../../shared/staff';
import { needsSecondFactor } from '../../../../shared/staff-security';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { apiRequest, fieldErrorsByName, isApiError } from '../../../lib/api-client';
import { useSignIn } from '../api/session';
import { SignInSecondStep } from './sign-in-second-step';

type Errors = Partial<Record<'email' | 'password', string>>;

/** Why a single sign-on came back without signing in (?ssoError= on the console's address). */
function ssoFailureInAddress(): string | null {
  if (typeof window === 'undefined') return null;
  const code = SsoFailure.safeParse(new URLSearchParams(window.location.search).get('ssoError'));
  return code.success ? ssoFailureMessages[code.data] : null;
}

/** E-mail and password; checked here first, then by the server, whose message wins. */
export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(ssoFailureInAddress);
  const [isLeaving, setLeaving] = useState(false);
  const signIn = useSignIn();
  const answer = signIn.data;
  if (answer && needsSecondFactor(answer)) {
    return (
      <SignInSecondStep
        challenge={answer.secondFactor}
        onStartOver={() => {
          signIn.reset();
          setPassword('');
        }}
      />
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = SignInInput.safeParse({ email, password });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof Errors;
        next[name] ??= name === 'password' ? 'Enter your password.' : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data, {
      onError: (error) => {
        if (isApiError(error)) {
          setErrors(fieldErrorsByName(error.fields));
          setFormError(error.message);
        } else {
          setFormError('Sign-in failed. Please try again.');
        }
      },
    });
  }

  /** Single sign-on: the server finds the e-mail's identity provider; the browser goes there. */
  async function signInWithSso() {
    setFormError(null);
    const parsed = SsoStartInput.safeParse({ email });
    if (!parsed.success) {
      setErrors({ email: parsed.error.issues[0]?.message ?? 'Enter your work e-mail' });
      return;
    }
    setErrors({});
    setLeaving(true);
    try {
      const { redirectUrl } = await apiRequest<SsoStartAnswer>('/api/auth/sso/start', {
        method: 'POST',
        body: parsed.data,
      });
      window.location.assign(redirectUrl);
    } catch (error) {
      setLeaving(false);
      setFormError(isApiError(error) ? error.message : 'Single sign-on could not start. Please try again.');
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {formError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <Field id="email" label="E-mail address" error={errors.email}>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          isInvalid={Boolean(errors.email)}
          aria-describedby={describedBy('email', errors.email)}
          required
        />
      </Field>
      <Field id="password" label="Password" error={errors.password}>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          isInvalid={Boolean(errors.password)}
          aria-describedby={describedBy('password', errors.password)}
          required
        />
      </Field>
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        <LogIn className="size-4" aria-hidden />
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
      <div className="border-t border-slate-200 pt-5">
        <Button
          variant="secondary"
          className="w-full"
          disabled={isLeaving}
          onClick={() => void signInWithSso()}
        >
          <Building2 className="size-4" aria-hidden />
          {isLeaving ? 'Going to your identity provider…' : 'Sign in with single sign-on'}
        </Button>
        <p className="mt-2 text-xs text-slate-600">With your work e-mail above; no password needed.</p>
      </div>
    </form>
  );
}
