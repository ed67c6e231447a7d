import { MessageSquareWarning } from 'lucide-react';
import { Link } from 'react-router';
import { useDateFormat } from '../../lib/format.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import type { TaskReview } from './graphql.ts';
import { commentPlace, entriesLinkForRow } from './review-logic.ts';

/**
 * The customer's latest review of the answer, on top of the request while the supplier works on it: the
 * message, then each comment by row and field, with a link to the entries of that row's file when the
 * answer has a single file to look in.
 */
export const ReviewCard = ({
  review,
  customer,
  fieldLabels,
  answerFileId,
}: {
  review: TaskReview;
  customer: string;
  fieldLabels: ReadonlyMap<string, string>;
  /** The answer's only read file, when it has exactly one. */
  answerFileId: string | null;
}) => {
  const { formatDateTime } = useDateFormat();
  return (
    <Card className="border-destructive/60" aria-labelledby="review-title">
      <CardHeader>
        <CardTitle id="review-title" className="flex items-center gap-2 text-lg">
          <MessageSquareWarning className="size-5 text-destructive" aria-hidden="true" />
          {customer} returned your answer
        </CardTitle>
        <CardDescription>
          {formatDateTime(review.createdAt)}
          {review.createdByEmail ? ` by ${review.createdByEmail}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">{review.message}</p>
        {review.comments.length > 0 ? (
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">{review.comments.length === 1 ? '1 comment' : `${review.comments.length} comments`}</h3>
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label="Comments on your answer">
              {review.comments.map((comment) => {
                const link = entriesLinkForRow(comment, answerFileId);
                return (
                  <li
                    key={`${comment.rowNumber ?? ''}-${comment.field ?? ''}`}
                    className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:gap-4"
                  >
                    <span className="shrink-0 font-medium sm:w-48">{commentPlace(comment, fieldLabels)}</span>
                    <span className="flex-1 whitespace-pre-line [overflow-wrap:anywhere]">{comment.message}</span>
                    {link ? (
                      <Link
                        to={link}
                        aria-label={`See the entries of row ${comment.rowNumber}`}
                        className="shrink-0 text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        See the entries
                      </Link>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
};
