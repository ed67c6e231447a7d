import { useMutation } from 'urql';
import { z } from 'zod';
import { mutationError } from '../../lib/errors.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormDialogFooter } from '../../ui/form-dialog-footer.tsx';
import { Form, FormAlert, setServerError, TextareaField, useZodForm } from '../../ui/form.tsx';
import { type PactConnection, RequestPactFootprintsMutation } from './graphql.ts';
import { parseProductIds } from './pact-format.ts';

export const MAX_PRODUCT_IDS = 100;
export const MAX_COMMENT = 2000;

const requestSchema = z.object({
  productIds: z
    .string()
    .max(20_000)
    .refine((text) => parseProductIds(text).length > 0, 'Enter at least one product id.')
    .refine((text) => parseProductIds(text).length <= MAX_PRODUCT_IDS, `At most ${MAX_PRODUCT_IDS} product ids at a time.`),
  comment: z.string().trim().max(MAX_COMMENT),
});

type Props = {
  connection: PactConnection | null;
  onClose: () => void;
  onSent: (connection: PactConnection, note: string) => void;
};

/**
 * "Request footprints": product ids (URNs as the partner names its products) and a comment, sent to the partner as a
 * RequestCreated event. The answer arrives later at POST /2/events and shows under Events and Received footprints.
 */
export const RequestFootprintsDialog = (props: Props) =>
  props.connection ? <RequestForm {...props} connection={props.connection} /> : null;

const RequestForm = ({ connection, onClose, onSent }: Props & { connection: PactConnection }) => {
  const form = useZodForm(requestSchema, { defaultValues: { productIds: '', comment: '' } });
  const [, send] = useMutation(RequestPactFootprintsMutation);
  const pending = form.formState.isSubmitting;

  const submit = async (values: z.output<typeof requestSchema>) => {
    const result = await send({
      connectionId: connection.id,
      productIds: parseProductIds(values.productIds),
      ...(values.comment ? { comment: values.comment } : {}),
    });
    if (
      setServerError(
        form,
        mutationError(result, (d) => d.requestPactFootprints),
      )
    )
      return;
    onSent(connection, result.data?.requestPactFootprints.note ?? '');
    onClose();
  };

  return (
    <Dialog open onOpenChange={(next) => !pending && !next && onClose()}>
      <DialogContent>
        <Form form={form} onSubmit={submit} idPrefix="request" className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Request footprints from {connection.name}</DialogTitle>
            <DialogDescription>
              The partner answers when it has them; its footprints then appear under Received footprints.
            </DialogDescription>
          </DialogHeader>
          <FormAlert control={form.control} />
          <TextareaField
            control={form.control}
            name="productIds"
            label="Product ids"
            spellCheck={false}
            className="min-h-24 font-mono"
            hint="One per line or separated by commas, as the partner names its products, like urn:gtin:4712345060507."
          />
          <TextareaField control={form.control} name="comment" label="Comment" optional maxLength={MAX_COMMENT} className="min-h-20" />
          <FormDialogFooter pending={pending} pendingLabel="Sending" onCancel={onClose}>
            Send request
          </FormDialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
};
