import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  categoryLabels,
  type UpdateCategory,
  updateCategories,
  updateMessages,
} from '../../../../shared/update-texts';
import { EditTopicInput, type StaffTopicView } from '../../../../shared/updates';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { isApiError } from '../../../lib/api-client';
import { editTopic, useStaffTopics, useTopicMutation } from '../api/staff-updates';
import { serverIssues } from '../lib/publish-form';
import { TopicProductField } from './topic-product-field';

type EditTopicDialogProps = { topic: StaffTopicView; onClose(): void };

/** Subject, category and product of a topic; sends only what changed. */
export function EditTopicDialog({ topic, onClose }: EditTopicDialogProps) {
  const id = useId();
  const [subject, setSubject] = useState(topic.subject);
  const [category, setCategory] = useState<UpdateCategory>(topic.category);
  const [productId, setProductId] = useState(topic.productId ?? '');
  const products = useStaffTopics({ isEnabled: true }).data?.products ?? [];
  const [issues, setIssues] = useState<Record<string, string>>({});
  const save = useTopicMutation((input: EditTopicInput) => editTopic(topic.id, input));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      subject: subject.trim() === topic.subject ? undefined : subject,
      category: category === topic.category ? undefined : category,
      productId: productId === (topic.productId ?? '') ? undefined : productId || null,
    };
    const parsed = EditTopicInput.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.') || 'form'] ??= issue.message;
      setIssues(next);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(updateMessages.topicSaved);
        onClose();
      },
      onError: (error) =>
        setIssues(
          isApiError(error) && Object.keys(error.fields).length > 0
            ? serverIssues(error.fields)
            : { form: error.message },
        ),
    });
  }

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent
        title="Edit topic"
        description="Visitors and feeds show the new subject and category at once."
      >
        <form className="mt-6 space-y-5" noValidate onSubmit={submit}>
          <Field id={`${id}-subject`} label="Subject" error={issues.subject}>
            <Input
              id={`${id}-subject`}
              value={subject}
              isInvalid={Boolean(issues.subject)}
              aria-describedby={describedBy(`${id}-subject`, issues.subject)}
              onChange={(event) => setSubject(event.target.value)}
            />
          </Field>
          <Field id={`${id}-category`} label="Category" error={issues.category}>
            <Select
              id={`${id}-category`}
              value={category}
              onChange={(event) => setCategory(event.target.value as UpdateCategory)}
            >
              {updateCategories.map((value) => (
                <option key={value} value={value}>
                  {categoryLabels[value]}
                </option>
              ))}
            </Select>
          </Field>
          <TopicProductField
            id={`${id}-product`}
            products={products}
            value={productId}
            error={issues.productId}
            onChange={setProductId}
          />
          {issues.form ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {issues.form}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
