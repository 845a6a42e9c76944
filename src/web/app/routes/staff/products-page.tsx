import { ProductsPanel } from '../../../features/console-admin/components/products-panel';
import { useSession } from '../../../features/staff/api/session';

/** The products a portal shows (each with its own cards) and the links beside them. */
export default function ProductsPage() {
  const session = useSession();
  if (!session.data) return null;
  const { staff, organisation } = session.data;
  return (
    <div className="space-y-6">
      <title>{`Products | ${organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Products</h1>
        <p className="mt-1 text-sm text-slate-600">
          Each product has its own page of cards; the default one opens first.
        </p>
      </div>
      <ProductsPanel
        canEdit={staff.permissions.includes('statuspage:edit')}
        canEditAssets={staff.permissions.includes('assets:edit')}
      />
    </div>
  );
}
