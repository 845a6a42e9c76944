import { ArrowDown, ArrowUp, ImagePlus, Plus, Star, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  CreateProductInput,
  CreateProductLinkInput,
  type ProductLinkView,
  type ProductView,
} from '../../../../shared/console-admin';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { TextField } from '../../../components/ui/text-field';
import { fieldErrorsByName, isApiError } from '../../../lib/api-client';
import { productApi, productsKey, useProducts, useRefreshingMutation } from '../api/console-admin';

type Props = { canEdit: boolean; canEditAssets: boolean };

/** 'Mobile App!' → 'mobile-app': a suggestion the editor may change. */
export function suggestSlug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
}

function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));
}

function reorder(ids: string[], index: number, step: -1 | 1): string[] {
  const next = [...ids];
  const [moved] = next.splice(index, 1);
  next.splice(index + step, 0, moved!);
  return next;
}

function onWriteError(setErrors: (errors: Record<string, string>) => void) {
  return (error: Error) => {
    if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors(fieldErrorsByName(error.fields));
    else toast.error(error.message);
  };
}

function MoveButtons({
  label,
  index,
  count,
  onMove,
  disabled,
}: {
  label: string;
  index: number;
  count: number;
  onMove(step: -1 | 1): void;
  disabled: boolean;
}) {
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Move ${label} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp className="size-4" aria-hidden />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Move ${label} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown className="size-4" aria-hidden />
      </Button>
    </>
  );
}

/** The 'Shown' switch of a product or link row: off hides it from the portal. */
function ShownSwitch({
  id,
  isShown,
  disabled,
  onShownChange,
}: {
  id: string;
  isShown: boolean;
  disabled: boolean;
  onShownChange(isShown: boolean): void;
}) {
  return (
    <>
      <label htmlFor={id} className="me-1 text-sm text-slate-700">
        Shown
      </label>
      <Switch id={id} checked={isShown} disabled={disabled} onCheckedChange={onShownChange} />
    </>
  );
}

const inlineFormClassNames = {
  add: 'grid gap-3 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto] sm:items-start',
  rename: 'grid gap-3 rounded-xl bg-slate-50 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start',
};

/** Two fields and their button, side by side from the sm breakpoint: an add form or a row's rename editor. */
function InlineForm({
  purpose,
  submitLabel,
  isPending,
  onSubmit,
  children,
}: {
  purpose: keyof typeof inlineFormClassNames;
  submitLabel: string;
  isPending: boolean;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={inlineFormClassNames[purpose]}>
      {children}
      <Button type="submit" className="sm:mt-7" disabled={isPending}>
        {purpose === 'add' ? <Plus className="size-4" aria-hidden /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}

function NewProductForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [isSlugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useRefreshingMutation(productsKey, (input: CreateProductInput) => productApi.create(input));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateProductInput.safeParse({ name, slug });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Product created');
        setName('');
        setSlug('');
        setSlugEdited(false);
      },
      onError: onWriteError(setErrors),
    });
  }

  return (
    <InlineForm purpose="add" submitLabel="Add product" isPending={create.isPending} onSubmit={submit}>
      <TextField
        id={`${id}-name`}
        label="Product name"
        error={errors.name}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (!isSlugEdited) setSlug(suggestSlug(event.target.value));
        }}
      />
      <TextField
        id={`${id}-slug`}
        label="Slug"
        error={errors.slug}
        hint="Lower-case letters, digits and hyphens; used in addresses."
        value={slug}
        onChange={(event) => {
          setSlug(event.target.value);
          setSlugEdited(true);
        }}
      />
    </InlineForm>
  );
}

function ProductRow({
  product,
  index,
  count,
  ids,
  canEdit,
  canEditAssets,
}: {
  product: ProductView;
  index: number;
  count: number;
  ids: string[];
  canEdit: boolean;
  canEditAssets: boolean;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [isEditing, setEditing] = useState(false);
  const [name, setName] = useState(product.name);
  const [slug, setSlug] = useState(product.slug);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useRefreshingMutation(productsKey, (change: Parameters<typeof productApi.update>[1]) =>
    productApi.update(product.id, change),
  );
  const setDefault = useRefreshingMutation(productsKey, () => productApi.setDefault(product.id));
  const order = useRefreshingMutation(productsKey, (next: string[]) => productApi.order(next));
  const banner = useRefreshingMutation(productsKey, (file: File) =>
    productApi.uploadBanner(product.id, file),
  );
  const removeBanner = useRefreshingMutation(productsKey, () => productApi.removeBanner(product.id));
  const failed = (error: Error) => toast.error(error.message);
  const isBusy = update.isPending || order.isPending || setDefault.isPending;

  return (
    <li className="space-y-3 px-5 py-4" data-testid="product-row">
      <div className="flex flex-wrap items-center gap-3">
        {product.bannerUrl ? (
          <img
            src={product.bannerUrl}
            alt=""
            className="h-10 w-16 rounded-md object-cover ring-1 ring-slate-200"
          />
        ) : (
          <div className="h-10 w-16 rounded-md bg-slate-100 ring-1 ring-slate-200" aria-hidden />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900">
            {product.name}
            {product.isDefault ? (
              <span className="ms-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-ink">
                Default
              </span>
            ) : null}
            {!product.isShown ? (
              <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                Hidden
              </span>
            ) : null}
          </p>
          <p className="font-mono text-xs text-slate-600">{product.slug}</p>
        </div>
        {canEdit ? (
          <div className="flex flex-wrap items-center gap-1">
            <ShownSwitch
              id={`${id}-shown`}
              isShown={product.isShown}
              disabled={isBusy || product.isDefault}
              onShownChange={(isShown) => update.mutate({ isShown }, { onError: failed })}
            />
            <Button
              size="sm"
              variant="ghost"
              disabled={isBusy || product.isDefault || !product.isShown}
              onClick={() =>
                setDefault.mutate(undefined, {
                  onSuccess: () => toast.success(`${product.name} is the default product`),
                  onError: failed,
                })
              }
            >
              <Star className="size-4" aria-hidden />
              Make default
            </Button>
            <MoveButtons
              label={product.name}
              index={index}
              count={count}
              disabled={isBusy}
              onMove={(step) => order.mutate(reorder(ids, index, step), { onError: failed })}
            />
            <Button
              size="sm"
              variant="secondary"
              aria-expanded={isEditing}
              onClick={() => setEditing(!isEditing)}
            >
              Rename
            </Button>
          </div>
        ) : null}
      </div>
      {canEdit && canEditAssets ? (
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            id={`${id}-banner`}
            type="file"
            accept="image/png,image/jpeg,image/svg+xml"
            aria-label={`Banner image for ${product.name}`}
            tabIndex={-1}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file)
                banner.mutate(file, { onSuccess: () => toast.success('Banner updated'), onError: failed });
            }}
          />
          <Button
            size="sm"
            variant="secondary"
            disabled={banner.isPending}
            onClick={() => fileInput.current?.click()}
          >
            <ImagePlus className="size-4" aria-hidden />
            {product.bannerUrl ? 'Replace banner' : 'Upload banner'}
          </Button>
          {product.bannerUrl ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={removeBanner.isPending}
              onClick={() => removeBanner.mutate(undefined, { onError: failed })}
            >
              Remove banner
            </Button>
          ) : null}
          <span className="text-xs text-slate-600">PNG, JPEG or SVG, up to 2 MB.</span>
        </div>
      ) : null}
      {isEditing ? (
        <InlineForm
          purpose="rename"
          submitLabel="Save"
          isPending={update.isPending}
          onSubmit={(event) => {
            event.preventDefault();
            setErrors({});
            update.mutate(
              { name, slug },
              {
                onSuccess: () => {
                  toast.success('Product saved');
                  setEditing(false);
                },
                onError: onWriteError(setErrors),
              },
            );
          }}
        >
          <TextField
            id={`${id}-name`}
            label="Name"
            error={errors.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            id={`${id}-slug`}
            label="Slug"
            error={errors.slug}
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
          />
        </InlineForm>
      ) : null}
    </li>
  );
}

function NewLinkForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useRefreshingMutation(productsKey, (input: CreateProductLinkInput) =>
    productApi.createLink(input),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateProductLinkInput.safeParse({ name, link });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setLink('');
        toast.success('Link added');
      },
      onError: onWriteError(setErrors),
    });
  }
  return (
    <InlineForm purpose="add" submitLabel="Add link" isPending={create.isPending} onSubmit={submit}>
      <TextField
        id={`${id}-name`}
        label="Link name"
        error={errors.name}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        id={`${id}-url`}
        label="URL"
        error={errors.link}
        type="url"
        placeholder="https://status.example.com"
        value={link}
        onChange={(event) => setLink(event.target.value)}
      />
    </InlineForm>
  );
}

function LinkRow({
  link,
  index,
  count,
  ids,
  canEdit,
}: {
  link: ProductLinkView;
  index: number;
  count: number;
  ids: string[];
  canEdit: boolean;
}) {
  const id = useId();
  const update = useRefreshingMutation(productsKey, (change: Parameters<typeof productApi.updateLink>[1]) =>
    productApi.updateLink(link.id, change),
  );
  const remove = useRefreshingMutation(productsKey, () => productApi.deleteLink(link.id));
  const order = useRefreshingMutation(productsKey, (next: string[]) => productApi.orderLinks(next));
  const failed = (error: Error) => toast.error(error.message);
  return (
    <li className="flex flex-wrap items-center gap-3 px-5 py-3" data-testid="product-link-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {link.name}
          {!link.isShown ? (
            <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              Hidden
            </span>
          ) : null}
        </p>
        <p className="truncate text-sm text-slate-600">{link.link}</p>
      </div>
      {canEdit ? (
        <div className="flex items-center gap-1">
          <ShownSwitch
            id={`${id}-shown`}
            isShown={link.isShown}
            disabled={update.isPending}
            onShownChange={(isShown) => update.mutate({ isShown }, { onError: failed })}
          />
          <MoveButtons
            label={link.name}
            index={index}
            count={count}
            disabled={order.isPending}
            onMove={(step) => order.mutate(reorder(ids, index, step), { onError: failed })}
          />
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${link.name}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, { onSuccess: () => toast.success('Link deleted'), onError: failed })
            }
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Products (create, rename, show/hide, default, order, banner) and product links. */
export function ProductsPanel({ canEdit, canEditAssets }: Props) {
  const catalogue = useProducts();
  const productIds = catalogue.data?.products.map((product) => product.id) ?? [];
  const linkIds = catalogue.data?.links.map((link) => link.id) ?? [];
  return (
    <div className="space-y-10">
      <section aria-labelledby="products-heading" className="space-y-4">
        <h2 id="products-heading" className="text-lg font-semibold tracking-tight text-slate-950">
          Products
        </h2>
        {canEdit ? <NewProductForm /> : null}
        {catalogue.isError ? <ErrorBox detail={catalogue.error.message} /> : null}
        {catalogue.isPending ? <Skeleton className="h-40 w-full rounded-2xl" /> : null}
        {catalogue.data ? (
          <ul
            className="divide-y divide-slate-100 rounded-2xl bg-white shadow-xs ring-1 ring-slate-200"
            aria-label="Products"
          >
            {catalogue.data.products.map((product, index) => (
              <ProductRow
                key={`${product.id}-${product.name}-${product.slug}`}
                product={product}
                index={index}
                count={productIds.length}
                ids={productIds}
                canEdit={canEdit}
                canEditAssets={canEditAssets}
              />
            ))}
          </ul>
        ) : null}
      </section>
      <section aria-labelledby="product-links-heading" className="space-y-4">
        <div>
          <h2 id="product-links-heading" className="text-lg font-semibold tracking-tight text-slate-950">
            Product links
          </h2>
          <p className="mt-1 text-sm text-slate-600">Links shown beside the product list on your portal.</p>
        </div>
        {canEdit ? <NewLinkForm /> : null}
        {catalogue.data ? (
          catalogue.data.links.length === 0 ? (
            <p className="text-sm text-slate-600">No product links yet.</p>
          ) : (
            <ul
              className="divide-y divide-slate-100 rounded-2xl bg-white shadow-xs ring-1 ring-slate-200"
              aria-label="Product links"
            >
              {catalogue.data.links.map((link, index) => (
                <LinkRow
                  key={link.id}
                  link={link}
                  index={index}
                  count={linkIds.length}
                  ids={linkIds}
                  canEdit={canEdit}
                />
              ))}
            </ul>
          )
        ) : null}
      </section>
    </div>
  );
}
