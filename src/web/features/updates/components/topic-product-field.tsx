import { describedBy, Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

type TopicProductFieldProps = {
  id: string;
  products: ReadonlyArray<{ id: string; name: string }>;
  /** A product id, or '' for the whole organisation. */
  value: string;
  error?: string | undefined;
  onChange(productId: string): void;
};

/**
 * Which product a topic concerns (issue 34): its subscribers who chose that product, and everyone who
 * follows every product, get it. An organisation with one product has nothing to choose.
 */
export function TopicProductField({ id, products, value, error, onChange }: TopicProductFieldProps) {
  if (products.length < 2) return null;
  return (
    <Field
      id={id}
      label="Product"
      error={error}
      hint="Subscribers who follow other products only do not get it."
    >
      <Select
        id={id}
        value={value}
        isInvalid={Boolean(error)}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Every product</option>
        {products.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
