import { ShieldCheck } from 'lucide-react';
import { SignInForm } from '../../../features/staff/components/sign-in-form';

export function SignInPage() {
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 px-4 py-12">
      <title>Sign in | Attest</title>
      <div className="w-full max-w-sm">
        <div className="flex items-center justify-center gap-2">
          <ShieldCheck className="size-7 text-brand-ink" aria-hidden />
          <span className="text-xl font-semibold tracking-tight text-slate-950">Attest</span>
        </div>
        <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-xl font-semibold tracking-tight text-slate-950">Sign in to the console</h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">Edit your trust center and manage access.</p>
          <SignInForm />
        </div>
      </div>
    </main>
  );
}
