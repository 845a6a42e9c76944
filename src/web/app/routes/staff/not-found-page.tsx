import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';

export function NotFoundPage() {
  return (
    <div className="py-16 text-center">
      <title>Not found | Attest</title>
      <p className="text-sm font-semibold text-slate-500">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-950">This page does not exist</h1>
      <Link to="/console" className={`mt-6 ${buttonClassName('secondary')}`}>
        Back to the overview
      </Link>
    </div>
  );
}
